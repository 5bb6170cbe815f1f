import type { QueueSettingsGroup, QueueSettingsHall } from '@hall/api/browser';
import { LOAD_FAILED } from '@hall/app';
import { EmptyState } from '@hall/ui/empty-state';
import { ErrorState, LoadingState } from '@hall/ui/load-state';
import { Button, Form, Tag } from 'antd-mobile';
import { Input, showToast } from '@hall/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormError, useFormSubmit } from '../../components/form-submit';
import { loadQueueSettings, saveGroup, saveHall, type GroupValues, type HallValues } from './queue-settings-api';
import { ClosedDays, GroupBusinesses, removeGroup, removeHall } from './queue-hall-setup';
import './queue-settings.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';

const toNumber = (value: unknown) => (value === '' || value === undefined || value === null ? Number.NaN : Number(value));

type Editing = { kind: 'hall'; hall?: QueueSettingsHall } | { kind: 'group'; hall: QueueSettingsHall; group?: QueueSettingsGroup } | null;

/** Under a form: the refusal in words (the fields keep what was typed), cancel and save. */
function FormFooter({ label, busy, error, onCancel }: { label: string; busy: boolean; error: string | null; onCancel: () => void }) {
  return (
    <>
      <FormError message={error} />
      <div className="queue-settings__actions">
        <Button onClick={onCancel}>取消</Button>
        <Button type="submit" color="primary" loading={busy} disabled={busy}>
          {label}
        </Button>
      </div>
    </>
  );
}

/** The hall form's fields, in the order it shows them. */
const HALL_FIELDS: { name: keyof HallValues; label: string; placeholder?: string; help?: string; numeric?: boolean }[] = [
  { name: 'name', label: '大厅名称', placeholder: '例如 邯郸市不动产登记中心' },
  { name: 'address', label: '地址', placeholder: '选填' },
  { name: 'worktime', label: '办公时间', placeholder: '选填，例如 周一至周五 09:00-17:00' },
  { name: 'phone', label: '电话', placeholder: '选填' },
  { name: 'strtime', label: '开始时间', help: '时:分，例如 09:00' },
  { name: 'endtime', label: '结束时间', help: '时:分，例如 17:00' },
  { name: 'addtime', label: '每段分钟数', help: '每个时间段的长度，例如 60', numeric: true },
  { name: 'yuyueday', label: '可取号天数', numeric: true },
  { name: 'yuyueabovetime', label: '取号截止', help: '时间段开始前多少分钟停止取号', numeric: true },
  { name: 'cancelyuyuetime', label: '取消截止', help: '时间段开始前多少分钟不能再取消', numeric: true },
  { name: 'sort', label: '排序', numeric: true },
];

/** The hall's form: its name and contacts, and the times of a day it hands out numbers for. */
function HallForm({ hall, onSaved, onCancel }: { hall?: QueueSettingsHall; onSaved: () => void; onCancel: () => void }) {
  const save = useFormSubmit(async (raw: Record<string, unknown>) => {
    const values: HallValues = {
      name: String(raw.name ?? ''),
      address: String(raw.address ?? ''),
      worktime: String(raw.worktime ?? ''),
      phone: String(raw.phone ?? ''),
      sort: toNumber(raw.sort) || 0,
      strtime: String(raw.strtime ?? '').trim(),
      endtime: String(raw.endtime ?? '').trim(),
      addtime: toNumber(raw.addtime),
      yuyueabovetime: toNumber(raw.yuyueabovetime),
      cancelyuyuetime: toNumber(raw.cancelyuyuetime),
      yuyueday: toNumber(raw.yuyueday),
    };
    const problem = await saveHall(hall?.id, values);
    if (!problem) {
      showToast('已保存');
      onSaved();
    }
    return problem;
  });
  const initial = hall ?? { strtime: '09:00', endtime: '17:00', addtime: 60, yuyueabovetime: 30, cancelyuyuetime: 60, yuyueday: 7, sort: 0 };
  return (
    <Form
      className="queue-settings__form"
      layout="horizontal"
      initialValues={Object.fromEntries(Object.entries(initial).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]))}
      onFinish={(values) => void save.run(values)}
      footer={<FormFooter label="保存大厅" busy={save.busy} error={save.error} onCancel={onCancel} />}
    >
      <Form.Header>{hall ? `修改：${hall.name}` : '新增办事大厅'}</Form.Header>
      {HALL_FIELDS.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label} help={field.help}>
          {field.numeric ? <Input type="number" inputMode="numeric" /> : <Input placeholder={field.placeholder} />}
        </Form.Item>
      ))}
    </Form>
  );
}

/** A group's form: its name, number letter and how many numbers it hands out per time. */
function GroupForm({ hall, group, onSaved, onCancel }: { hall: QueueSettingsHall; group?: QueueSettingsGroup; onSaved: () => void; onCancel: () => void }) {
  const save = useFormSubmit(async (raw: Record<string, unknown>) => {
    const values: GroupValues = {
      name: String(raw.name ?? ''),
      prefix: String(raw.prefix ?? '')
        .trim()
        .toUpperCase(),
      remark: String(raw.remark ?? ''),
      capacity: toNumber(raw.capacity),
      sort: toNumber(raw.sort) || 0,
    };
    const problem = await saveGroup(hall.id, group?.id, values);
    if (!problem) {
      showToast('已保存');
      onSaved();
    }
    return problem;
  });
  const initial = group ?? { name: '', prefix: '', remark: '', capacity: 10, sort: hall.groups.length + 1 };
  return (
    <Form
      className="queue-settings__form"
      layout="horizontal"
      initialValues={{ ...initial, capacity: String(initial.capacity), sort: String(initial.sort) }}
      onFinish={(values) => void save.run(values)}
      footer={<FormFooter label="保存业务" busy={save.busy} error={save.error} onCancel={onCancel} />}
    >
      <Form.Header>{group ? `修改业务：${group.name}（${hall.name}）` : `新增业务（${hall.name}）`}</Form.Header>
      <Form.Item name="name" label="业务名称">
        <Input placeholder="例如 登记业务" />
      </Form.Item>
      <Form.Item name="prefix" label="号码字母" help="1 到 3 个大写字母，号码形如 A001">
        <Input maxLength={3} />
      </Form.Item>
      <Form.Item name="capacity" label="每段号数" help={group && group.mostTaken > 0 ? `每个时间段发放的号数；已有时间段取走 ${group.mostTaken} 个，不能少于该数` : '每个时间段发放的号数'}>
        <Input type="number" inputMode="numeric" />
      </Form.Item>
      <Form.Item name="remark" label="说明">
        <Input placeholder="选填" />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <Input type="number" inputMode="numeric" />
      </Form.Item>
    </Form>
  );
}

/** The open form, brought into view: 修改 on a card far down the list opens it at the top. */
function EditorSection({ children }: { children: ReactNode }) {
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div ref={section} className="console-section">
      {children}
    </div>
  );
}

function HallCard({ hall, onEdit, onChanged }: { hall: QueueSettingsHall; onEdit: (editing: Editing) => void; onChanged: () => void }) {
  return (
    <li className="console-section queue-settings__hall">
      <div className="queue-settings__hall-head">
        <h2>{hall.name}</h2>
        <div className="console-actions">
          <Button size="small" onClick={() => onEdit({ kind: 'hall', hall })}>
            修改大厅
          </Button>
          <Button size="small" fill="outline" color="danger" onClick={() => void removeHall(hall, onChanged)}>
            删除大厅
          </Button>
        </div>
      </div>
      <p className="console-item__line">
        取号时间 {hall.strtime}–{hall.endtime}，每段 {hall.addtime} 分钟，共 {hall.times.length} 段；可提前 {hall.yuyueday} 天取号
      </p>
      <p className="console-item__line">
        显示屏地址：
        <a href={`/admin/display/queue?hall=${encodeURIComponent(hall.id)}`} target="_blank" rel="noreferrer">
          /admin/display/queue?hall={hall.id}
        </a>
      </p>
      <ul className="queue-settings__groups" aria-label={`${hall.name}的业务`}>
        {hall.groups.map((group) => (
          <li key={group.id} className="queue-settings__group">
            <Tag color="primary" fill="outline">
              {group.prefix}
            </Tag>
            <span className="queue-settings__group-name">{group.name}</span>
            <span className="console-item__line">
              每段 {group.capacity} 个号{group.mostTaken > 0 ? `（已取最多 ${group.mostTaken}）` : ''}
            </span>
            <Button size="mini" fill="outline" onClick={() => onEdit({ kind: 'group', hall, group })}>
              修改
            </Button>
            <Button size="mini" fill="none" color="danger" onClick={() => void removeGroup(group, onChanged)}>
              删除
            </Button>
            <GroupBusinesses group={group} onDone={onChanged} />
          </li>
        ))}
      </ul>
      <Button size="small" color="primary" fill="outline" onClick={() => onEdit({ kind: 'group', hall })}>
        新增业务
      </Button>
      <ClosedDays hall={hall} onDone={onChanged} />
    </li>
  );
}

/** 取号设置: halls, their times, and the business groups with the numbers each hands out per time (docs/architecture.md §6, 系统管理员). */
export function QueueSettingsPage() {
  const loaded = useConsoleRemote(loadQueueSettings, []);
  const [editing, setEditing] = useState<Editing>(null);
  const saved = () => {
    setEditing(null);
    void loaded.reload();
  };

  return (
    <ConsolePage className="queue-settings" title="取号设置" onRefresh={loaded.reload}>
      {editing?.kind === 'hall' && (
        <EditorSection key={editing.hall?.id ?? 'new'}>
          <HallForm hall={editing.hall} onSaved={saved} onCancel={() => setEditing(null)} />
        </EditorSection>
      )}
      {editing?.kind === 'group' && (
        <EditorSection key={editing.group?.id ?? `new-${editing.hall.id}`}>
          <GroupForm hall={editing.hall} group={editing.group} onSaved={saved} onCancel={() => setEditing(null)} />
        </EditorSection>
      )}
      {loaded.loading && !loaded.data && <LoadingState />}
      {loaded.error !== null && <ErrorState title={LOAD_FAILED} message={loaded.error} onRetry={() => void loaded.reload()} />}
      {loaded.data && loaded.data.length === 0 && <EmptyState className="console-empty" description="还没有办事大厅" hint="点“新增办事大厅”添加第一个" />}
      {loaded.data && (
        <>
          <ul className="queue-settings__halls" aria-label="办事大厅">
            {loaded.data.map((hall) => (
              <HallCard key={hall.id} hall={hall} onEdit={setEditing} onChanged={() => void loaded.reload()} />
            ))}
          </ul>
          {!editing && (
            <div className="queue-settings__add">
              <Button block color="primary" fill="outline" onClick={() => setEditing({ kind: 'hall' })}>
                新增办事大厅
              </Button>
            </div>
          )}
        </>
      )}
    </ConsolePage>
  );
}
export { QueueSettingsPage as Component };
