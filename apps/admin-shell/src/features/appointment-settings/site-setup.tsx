import type { SiteSettings } from '@hall/api/browser';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../lib/hall';
import { runSetup } from '../../lib/run-setup';

type Done = (settings: SiteSettings) => void;

/** A new site: its name and district; its calendar opens at once (Monday to Friday until set). */
function NewSite({ onDone }: { onDone: Done }) {
  const [areaName, setAreaName] = useState('');
  const [xzqdm, setXzqdm] = useState('');
  const add = async () => {
    const settings = await runSetup(() => api.saveAppointmentSite({ areaName, xzqdm, sort: 0 }));
    if (settings) {
      setAreaName('');
      onDone(settings);
    }
  };
  return (
    <div className="settings-form" role="group" aria-label="新增网点">
      <label>
        新网点名称
        <input value={areaName} maxLength={100} placeholder="例如 邯郸市不动产登记中心" onChange={(event) => setAreaName(event.target.value)} />
      </label>
      <label>
        行政区代码
        <input value={xzqdm} maxLength={6} inputMode="numeric" placeholder="6位数字，例如 130400" onChange={(event) => setXzqdm(event.target.value)} />
      </label>
      <Button className="settings-form__button" color="primary" size="small" onClick={() => void add()}>
        新增网点
      </Button>
    </div>
  );
}

/** The chosen site's name, and removing it (refused with the count while it holds bookings). */
function CurrentSite({ settings, onDone }: { settings: SiteSettings; onDone: Done }) {
  const site = settings.sites.find((item) => item.areaId === settings.areaId)!;
  const [areaName, setAreaName] = useState(site.areaName);
  const rename = async () => {
    const saved = await runSetup(() => api.saveAppointmentSite({ areaId: site.areaId, areaName, xzqdm: site.xzqdm, sort: 0 }));
    if (saved) onDone(saved);
  };
  const remove = async () => {
    const left = await runSetup(() => api.deleteAppointmentSite({ areaId: site.areaId }), `删除网点“${site.areaName}”？只有从未有过预约的网点可以删除。`);
    if (left) onDone(left);
  };
  return (
    <div className="site-setup__current" role="group" aria-label="当前网点">
      <label>
        网点名称（行政区 {site.xzqdm}）
        <input value={areaName} maxLength={100} onChange={(event) => setAreaName(event.target.value)} />
      </label>
      <div className="console-actions">
        <Button size="small" fill="outline" onClick={() => void rename()}>
          保存名称
        </Button>
        <Button size="small" fill="outline" color="danger" onClick={() => void remove()}>
          删除网点
        </Button>
      </div>
    </div>
  );
}

function BusinessRow({ settings, processId, processName, onDone }: { settings: SiteSettings; processId: string; processName: string; onDone: Done }) {
  const [name, setName] = useState(processName);
  const index = settings.businesses.findIndex((business) => business.processId === processId);
  const rename = async () => {
    const saved = await runSetup(() => api.saveAppointmentBusiness({ areaId: settings.areaId, processId, processName: name, sort: index + 1 }));
    if (saved) onDone(saved);
  };
  const remove = async () => {
    const left = await runSetup(() => api.deleteAppointmentBusiness({ areaId: settings.areaId, processId }), `删除业务“${processName}”？只有从未有过预约的业务可以删除。`);
    if (left) onDone(left);
  };
  return (
    <li className="site-setup__business">
      <input aria-label={`业务名称：${processName}`} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      <Button size="mini" fill="outline" onClick={() => void rename()}>
        保存
      </Button>
      <Button size="mini" fill="none" color="danger" onClick={() => void remove()}>
        删除
      </Button>
    </li>
  );
}

function NewBusiness({ settings, onDone }: { settings: SiteSettings; onDone: Done }) {
  const [name, setName] = useState('');
  const add = async () => {
    const saved = await runSetup(() => api.saveAppointmentBusiness({ areaId: settings.areaId, processName: name, sort: settings.businesses.length + 1 }));
    if (saved) {
      setName('');
      onDone(saved);
    }
  };
  return (
    <div className="site-setup__business">
      <input aria-label="新业务名称" value={name} maxLength={100} placeholder="新业务名称，例如 抵押登记" onChange={(event) => setName(event.target.value)} />
      <Button size="mini" color="primary" onClick={() => void add()}>
        新增业务
      </Button>
    </div>
  );
}

/** 网点与业务: adding, renaming and removing sites and the businesses each handles (系统管理员). */
export function SiteSetup({ settings, onDone }: { settings: SiteSettings; onDone: Done }) {
  return (
    <section className="console-section site-setup" aria-label="网点与业务">
      <h2>网点与业务</h2>
      <p className="console-muted">新网点和新业务立即开放预约（默认周一至周五及默认时段，可在下方修改）；已有预约的网点或业务不能删除，不再受理时请把时段容量设为0。</p>
      {settings.areaId && <CurrentSite key={settings.areaId} settings={settings} onDone={onDone} />}
      {settings.areaId && (
        <>
          <h3>本网点的业务</h3>
          {settings.businesses.length === 0 && <p className="console-muted">本网点还没有业务，请新增。</p>}
          <ul className="site-setup__businesses">
            {settings.businesses.map((business) => (
              <BusinessRow key={`${business.processId}-${business.processName}`} settings={settings} processId={business.processId} processName={business.processName} onDone={onDone} />
            ))}
          </ul>
          <NewBusiness settings={settings} onDone={onDone} />
        </>
      )}
      <h3>新增网点</h3>
      <NewSite onDone={onDone} />
    </section>
  );
}
