import type { OperatorAccount, ServedSite } from '@hall/api/browser';
import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../lib/hall';
import { runSetup } from '../../lib/run-setup';

const KINDS: { kind: ServedSite['kind']; title: string; hint: string }[] = [
  { kind: 'appointment', title: '预约网点', hint: '窗口预约“当日预约”只显示所选网点；都不选则可查看全部网点' },
  { kind: 'queue', title: '取号大厅', hint: '叫号只能在所选大厅；都不选则可在全部大厅叫号' },
];

/** The names of an account's sites, for the list. */
export function siteNames(sites: ServedSite[], ids: string[]): string {
  const names = sites.filter((site) => ids.includes(site.id)).map((site) => site.name);
  return names.length ? names.join('、') : '全部';
}

/** 服务网点: the appointment sites and queue halls an operator serves, ticked and saved. */
export function OperatorSitesForm({ account, sites, current, onSaved, onCancel }: { account: OperatorAccount; sites: ServedSite[]; current: string[]; onSaved: () => void; onCancel: () => void }) {
  const [chosen, setChosen] = useState<string[]>(current);
  const save = async () => {
    if (await runSetup(() => api.saveOperatorSites({ id: account.id, sites: chosen }))) onSaved();
  };
  return (
    <form
      className="operators__sites"
      aria-label={`${account.displayName}的服务网点`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2>服务网点：{account.displayName}</h2>
      {KINDS.map(({ kind, title, hint }) => (
        <fieldset key={kind}>
          <legend>{title}</legend>
          <p className="shell-note">{hint}</p>
          <Checkbox.Group value={chosen} onChange={(value) => setChosen(value.map(String))}>
            {sites
              .filter((site) => site.kind === kind)
              .map((site) => (
                <Checkbox key={site.id} value={site.id} className="operators__site">
                  {site.name}
                </Checkbox>
              ))}
          </Checkbox.Group>
        </fieldset>
      ))}
      <div className="operators__sites-actions">
        <Button onClick={onCancel}>取消</Button>
        <Button type="submit" color="primary">
          保存
        </Button>
      </div>
    </form>
  );
}
