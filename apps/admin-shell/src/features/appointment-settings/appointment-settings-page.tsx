import type { AffectedBooking, BusinessSlots, MoveTarget, SiteSettings, SlotSettingInput } from '@hall/api/browser';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError, useFormSubmit } from '../../components/form-submit';
import { CancelConfirmation, CancelledBookings, type PendingCancellation } from './affected-bookings';
import { loadSettings, saveDay, saveSlots, saveWeekdays, type Change, type Save } from './settings-api';
import { SiteSetup } from './site-setup';
import { WeekdayPicker } from './weekday-picker';
import './appointment-settings.css';
import { ConsolePage } from '../../components/console-page';
import { showSuccess } from '@hall/ui';
import { useConsoleRemote } from '../../lib/use-console-remote';

/** Sends a form's save: null when saved or waiting for the operator's confirmation, else the refusal. `suggestedReason`: a holiday's note. */
type Apply = (save: Save, suggestedReason?: string) => Promise<string | null>;

function WeekdaysForm({ settings, apply }: { settings: SiteSettings; apply: Apply }) {
  const [weekdays, setWeekdays] = useState(settings.workingWeekdays);
  const save = useFormSubmit(() => apply(saveWeekdays(settings.areaId, weekdays)));
  return (
    <section className="console-section" aria-label="工作日">
      <h2>工作日</h2>
      <p className="console-muted">勾选每周办理业务的日子；未勾选的日子不开放预约（调休上班日除外）。</p>
      <WeekdayPicker label="工作日" hideLabel value={weekdays} onChange={setWeekdays} />
      <FormError message={save.error} />
      <Button color="primary" size="small" loading={save.busy} disabled={save.busy} onClick={() => void save.run(undefined)}>
        保存工作日
      </Button>
    </section>
  );
}

function SpecialDaysForm({ settings, apply }: { settings: SiteSettings; apply: Apply }) {
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<'holiday' | 'workday'>('holiday');
  const [note, setNote] = useState('');
  const save = useFormSubmit(async () => (day ? apply(saveDay(settings.areaId, day, kind, note), kind === 'holiday' ? note : '') : '请选择日期'));
  const restore = useFormSubmit((date: string) => apply(saveDay(settings.areaId, date, 'none', '')));
  return (
    <section className="console-section" aria-label="节假日与调休">
      <h2>节假日与调休</h2>
      <p className="console-muted">
        休息日当天不再接受新预约；当天已有预约时，会先列出这些预约，确认并填写原因后取消或改约至其他日期，并通知市民。调休上班日开放当天全部时段。元旦、劳动节、国庆默认休息。
      </p>
      {settings.specialDays.length > 0 ? (
        <ul className="settings-days">
          {settings.specialDays.map((item) => (
            <li key={item.day}>
              <span className={item.kind === 'holiday' ? 'settings-days__kind settings-days__kind--off' : 'settings-days__kind'}>{item.kind === 'holiday' ? '休息' : '调休上班'}</span>
              <span>{item.day}</span>
              {item.note && <span className="console-muted">{item.note}</span>}
              <Button size="mini" fill="outline" disabled={restore.busy} onClick={() => void restore.run(item.day)}>
                恢复按工作日
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="console-muted">尚未设置节假日或调休。</p>
      )}
      <FormError message={restore.error} />
      <div className="settings-form">
        <label>
          日期
          <input type="date" value={day} onChange={(event) => setDay(event.target.value)} />
        </label>
        <label>
          类型
          <select value={kind} onChange={(event) => setKind(event.target.value === 'workday' ? 'workday' : 'holiday')}>
            <option value="holiday">休息（不开放预约）</option>
            <option value="workday">调休上班（开放预约）</option>
          </select>
        </label>
        <label>
          说明
          <input value={note} maxLength={100} placeholder="例如 国庆节、系统维护" onChange={(event) => setNote(event.target.value)} />
        </label>
      </div>
      <FormError message={save.error} />
      <Button color="primary" size="small" loading={save.busy} disabled={save.busy} onClick={() => void save.run(undefined)}>
        保存日期设置
      </Button>
    </section>
  );
}

function SlotsForm({ settings, business, apply }: { settings: SiteSettings; business: BusinessSlots; apply: Apply }) {
  const [slots, setSlots] = useState<SlotSettingInput[]>(business.slots);
  const save = useFormSubmit(() => apply(saveSlots(settings.areaId, business.processId, slots)));
  const edit = (index: number, change: Partial<SlotSettingInput>) => setSlots(slots.map((slot, at) => (at === index ? { ...slot, ...change } : slot)));
  return (
    <section className="console-section" aria-label={`${business.processName}的时段`}>
      <h2>
        {business.processName}
        {business.defaults && <span className="console-muted settings-default">（默认设置）</span>}
      </h2>
      <ul className="settings-slots">
        {slots.map((slot, index) => (
          <li key={index} className="settings-slot">
            <label>
              时段
              <input value={slot.timeName} maxLength={20} placeholder="09:00-10:00" onChange={(event) => edit(index, { timeName: event.target.value })} />
            </label>
            <label>
              容量（人）
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={999}
                value={String(slot.maxNum)}
                onChange={(event) => edit(index, { maxNum: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })}
              />
            </label>
            <WeekdayPicker label={`${slot.timeName || '该时段'}的开放日`} value={slot.weekdays} onChange={(weekdays) => edit(index, { weekdays })} />
            <Button size="mini" fill="none" color="danger" onClick={() => setSlots(slots.filter((_, at) => at !== index))}>
              删除时段
            </Button>
          </li>
        ))}
      </ul>
      <FormError message={save.error} />
      <div className="console-actions settings-actions">
        <Button size="small" fill="outline" onClick={() => setSlots([...slots, { timeName: '', maxNum: 5, weekdays: settings.workingWeekdays }])}>
          添加时段
        </Button>
        <Button color="primary" size="small" loading={save.busy} disabled={save.busy} onClick={() => void save.run(undefined)}>
          保存时段与容量
        </Button>
      </div>
    </section>
  );
}

/** 预约设置: a site's working days, holidays and 调休, and each business's slots and places (docs/architecture.md §6). */
export function AppointmentSettingsPage() {
  const [params, setParams] = useSearchParams();
  const areaId = params.get('site') ?? undefined;
  const loaded = useConsoleRemote(() => loadSettings(areaId), [areaId]);
  const [saved, setSaved] = useState<SiteSettings | null>(null);
  const [affected, setAffected] = useState<{ bookings: AffectedBooking[]; movedTo?: MoveTarget | undefined }>({ bookings: [] });
  const [pending, setPending] = useState<(PendingCancellation & { save: Save; asked: number }) | null>(null);
  const loadedSettings = (!loaded.loading && loaded.data) || null;
  const settings = saved && saved.areaId === loadedSettings?.areaId ? saved : loadedSettings;

  // A change that would cancel bookings comes back unsaved with them: the operator confirms that many, with a reason.
  const settle = (change: Change, save: Save, suggestedReason: string, asked: number): string | null => {
    if ('problem' in change) return change.problem;
    setAffected(change.saved ? { bookings: change.affectedBookings, movedTo: change.movedTo } : { bookings: [] });
    if (!change.saved) {
      setPending({ bookings: change.affectedBookings, moveTargets: change.moveTargets ?? [], suggestedReason, save, asked });
      return null;
    }
    setPending(null);
    setSaved(change.settings);
    showSuccess(change.message);
    return null;
  };
  const apply: Apply = async (save, suggestedReason = '') => settle(await save(), save, suggestedReason, Date.now());
  const confirmPending = async (reason: string, moveBookingsTo?: MoveTarget) => {
    if (!pending) return null;
    const change = await pending.save({ cancelBookings: pending.bookings.length, reason, moveBookingsTo });
    const problem = settle(change, pending.save, reason, pending.asked);
    // A booking made or cancelled since the list was shown: the fresh list is shown to confirm again.
    return problem ?? ('saved' in change && !change.saved ? '预约名单已有变化，请重新核对后再确认' : null);
  };

  // A site added, renamed or removed: show it (or the first left) as the hall now has it.
  const setupDone = (next: SiteSettings) => {
    setSaved(null);
    setAffected({ bookings: [] });
    setPending(null);
    if (next.areaId === (areaId ?? loadedSettings?.areaId)) void loaded.reload();
    else setParams(next.areaId ? { site: next.areaId } : {}, { replace: true });
  };

  return (
    <ConsolePage className="settings-page" title="预约设置" loaded={loaded}>
      {settings && settings.sites.length === 0 && (
        <div className="settings-layout">
          <SiteSetup settings={settings} onDone={setupDone} />
        </div>
      )}
      {settings && settings.sites.length > 0 && (
        <div className="settings-layout">
          <section className="console-section">
            <label className="settings-site">
              办理地点
              <select
                value={settings.areaId}
                onChange={(event) => {
                  setAffected({ bookings: [] });
                  setPending(null);
                  setParams({ site: event.target.value }, { replace: true });
                }}
              >
                {settings.sites.map((site) => (
                  <option key={site.areaId} value={site.areaId}>
                    {site.areaName}
                  </option>
                ))}
              </select>
            </label>
          </section>
          {pending && <CancelConfirmation key={pending.asked} pending={pending} onConfirm={confirmPending} onAbandon={() => setPending(null)} />}
          <CancelledBookings bookings={affected.bookings} movedTo={affected.movedTo} />
          <WeekdaysForm key={`w-${settings.areaId}`} settings={settings} apply={apply} />
          <SpecialDaysForm key={`d-${settings.areaId}`} settings={settings} apply={apply} />
          {settings.businesses.map((business) => (
            <SlotsForm key={business.processId} settings={settings} business={business} apply={apply} />
          ))}
          <SiteSetup key={`s-${settings.areaId}-${settings.sites.length}`} settings={settings} onDone={setupDone} />
        </div>
      )}
    </ConsolePage>
  );
}
export { AppointmentSettingsPage as Component };
