import { NO_DATA_MESSAGE, type AffectedBooking, type MoveTarget, type MoveTargetOption, type SiteSettings, type SlotSettingInput } from '@hall/api/internal';
import {
  DEFAULT_WORKING_WEEKDAYS,
  INVALID_DATE,
  SPECIAL_DAY_HORIZON_DAYS,
  isCalendarDate,
  MAX_SLOTS_PER_BUSINESS,
  capacityBelowBookingsMessage,
  normaliseWeekdays,
  slotNameProblem,
  slotWithBookingsMessage,
} from '@hall/domain';
import { and, asc, eq, gte, inArray, notExists, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import {
  appointmentAreas,
  appointmentCalendars,
  appointmentOrders,
  appointmentProcesses,
  appointmentSiteSettings,
  appointmentSlotSettings,
  appointmentSlots,
  appointmentSpecialDays,
  counterBookings,
} from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { formatShanghaiDate } from '../../../lib/shanghai-time';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { loadCalendarRules, lockCalendars } from './calendar-rules';
import { unmarkedBookings } from '../day/unmarked-bookings';
import { CancellationUnconfirmed, affectedLine, settleByHall, type CancelConfirmation, type HallSettlement } from './hall-cancellations';

/**
 * The appointment calendar's settings (docs/architecture.md §6): a change is saved and the coming calendar
 * days follow it in one transaction, under the calendar's lock, audited with before and after. No
 * booking is dropped unseen: fewer places than booked is refused and nothing changes; a day closed
 * or a slot removed while it holds bookings is saved only once the operator confirmed their count and
 * gave a reason, and then the hall cancels them, or moves them to the date and slot the operator
 * chose, and tells each citizen (hall-cancellations.ts, hall-moves.ts).
 */

export const WEEKDAYS_REQUIRED = '请至少选择一个工作日';
export const TOO_FAR_AHEAD = `只能设置${SPECIAL_DAY_HORIZON_DAYS}天以内的日期，请重新选择`;
export const PAST_DAY = '不能设置今天以前的日期，请选择今天或以后的日期';
export const DUPLICATE_SLOT = (timeName: string) => `时段“${timeName}”重复，请修改后再保存`;
export const SLOT_WEEKDAYS_REQUIRED = (timeName: string) => `请为时段“${timeName}”至少选择一个星期`;

type Reader = Pick<Database, 'select' | 'selectDistinctOn'>;

async function requireArea(tx: Reader, areaId: string) {
  const [area] = await tx.select().from(appointmentAreas).where(eq(appointmentAreas.id, areaId));
  if (!area) throw notFound(NO_DATA_MESSAGE);
  return area;
}

export async function readSiteSettings(db: Reader, areaId: string | undefined, now = new Date()): Promise<SiteSettings> {
  const sites = await db.select().from(appointmentAreas).orderBy(asc(appointmentAreas.xzqdm), asc(appointmentAreas.sort), asc(appointmentAreas.id));
  const chosen = areaId ?? sites[0]?.id;
  // A new hall has no site yet: the console shows an empty list to add the first one to.
  if (!chosen && areaId === undefined) return { sites: [], areaId: '', workingWeekdays: DEFAULT_WORKING_WEEKDAYS, specialDays: [], businesses: [] };
  const area = sites.find((site) => site.id === chosen);
  if (!area) throw notFound(NO_DATA_MESSAGE);
  const today = formatShanghaiDate(now);
  const [site] = await db.select().from(appointmentSiteSettings).where(eq(appointmentSiteSettings.areaId, area.id));
  const specials = await db
    .select()
    .from(appointmentSpecialDays)
    .where(and(eq(appointmentSpecialDays.areaId, area.id), gte(appointmentSpecialDays.day, today)))
    .orderBy(asc(appointmentSpecialDays.day));
  const processes = await db.select().from(appointmentProcesses).where(eq(appointmentProcesses.areaId, area.id)).orderBy(asc(appointmentProcesses.sort), asc(appointmentProcesses.id));
  const stored = processes.length
    ? await db
        .select({ processId: appointmentSlotSettings.processId })
        .from(appointmentSlotSettings)
        .where(
          inArray(
            appointmentSlotSettings.processId,
            processes.map((process) => process.id),
          ),
        )
    : [];
  const rules = await loadCalendarRules(db, today);
  return {
    sites: sites.map((row) => ({ areaId: row.id, areaName: row.areaName, xzqdm: row.xzqdm })),
    areaId: area.id,
    workingWeekdays: site?.workingWeekdays ?? DEFAULT_WORKING_WEEKDAYS,
    specialDays: specials.map((row) => ({ day: row.day, kind: row.kind === 'workday' ? 'workday' : 'holiday', note: row.note })),
    businesses: processes.map((process) => ({
      processId: process.id,
      processName: process.processName,
      defaults: !stored.some((row) => row.processId === process.id),
      slots: rules.slotsOf(process.id),
    })),
  };
}

/**
 * Brings a site's calendar days from today on in line with its settings: a day now closed is
 * marked holiday (its slots take no new bookings) and its bookings are cancelled or moved once confirmed;
 * a day now open takes its slots (those already there keep their counts).
 */
async function applyDaysOfSite(tx: Transaction, areaId: string, now: Date, confirmation: CancelConfirmation, reason = ''): Promise<HallSettlement> {
  const today = formatShanghaiDate(now);
  const rules = await loadCalendarRules(tx, today);
  const days = await tx
    .select()
    .from(appointmentCalendars)
    .where(and(eq(appointmentCalendars.areaId, areaId), gte(appointmentCalendars.calendarDate, today)))
    .for('update');
  const closing = days.filter((day) => day.holiday === 0 && !rules.isOpen(areaId, day.calendarDate)).map((day) => day.id);
  const opening = days.filter((day) => day.holiday !== 0 && rules.isOpen(areaId, day.calendarDate));
  if (closing.length) await tx.update(appointmentCalendars).set({ holiday: 1 }).where(inArray(appointmentCalendars.id, closing));
  if (opening.length) {
    await tx
      .update(appointmentCalendars)
      .set({ holiday: 0 })
      .where(
        inArray(
          appointmentCalendars.id,
          opening.map((day) => day.id),
        ),
      );
    const processes = await tx.select({ id: appointmentProcesses.id }).from(appointmentProcesses).where(eq(appointmentProcesses.areaId, areaId));
    const slots = opening.flatMap((day) =>
      processes.flatMap((process) => rules.slotsOn(process.id, areaId, day.calendarDate).map((slot) => ({ calendarId: day.id, processId: process.id, timeName: slot.timeName, maxNum: slot.maxNum }))),
    );
    if (slots.length) await tx.insert(appointmentSlots).values(slots).onConflictDoNothing();
  }
  return settleByHall(tx, await unmarkedBookings(tx, { calendarIds: closing }, { lock: true }), confirmation, { areaId, now }, reason);
}

/** The answer of a change: saved, or waiting for the operator's confirmation (the contract's changeReply). */
type SettingsChangeAnswer = { saved: boolean; settings: SiteSettings; affectedBookings: AffectedBooking[]; movedTo?: MoveTarget; moveTargets?: MoveTargetOption[] };

/** What a change answers: saved with the bookings it cancelled or moved (and where to), or unsaved with those it would cancel, awaiting confirmation. */
async function settingsChange(db: Database, areaId: string, now: Date, change: () => Promise<HallSettlement>): Promise<SettingsChangeAnswer> {
  try {
    const settled = await change();
    return {
      saved: true,
      settings: await readSiteSettings(db, areaId, now),
      affectedBookings: settled.bookings.map(affectedLine),
      ...(settled.movedTo ? { movedTo: settled.movedTo } : {}),
    };
  } catch (error) {
    if (!(error instanceof CancellationUnconfirmed)) throw error;
    return { saved: false, settings: await readSiteSettings(db, areaId, now), affectedBookings: error.bookings, moveTargets: error.moveTargets };
  }
}

async function siteWeekdays(tx: Reader, areaId: string): Promise<string> {
  const [row] = await tx.select().from(appointmentSiteSettings).where(eq(appointmentSiteSettings.areaId, areaId));
  return row?.workingWeekdays ?? DEFAULT_WORKING_WEEKDAYS;
}

export async function saveWeekdays(db: Database, actor: AuditActor, areaId: string, text: string, confirmation: CancelConfirmation = {}, now = new Date()) {
  const weekdays = normaliseWeekdays(text);
  if (!weekdays) throw badRequest(WEEKDAYS_REQUIRED);
  return settingsChange(db, areaId, now, () =>
    db.transaction(async (tx) => {
      await lockCalendars(tx);
      await requireArea(tx, areaId);
      const before = await siteWeekdays(tx, areaId);
      await tx
        .insert(appointmentSiteSettings)
        .values({ areaId, workingWeekdays: weekdays })
        .onConflictDoUpdate({ target: appointmentSiteSettings.areaId, set: { workingWeekdays: weekdays, updatedAt: sql`now()` } });
      const settled = await applyDaysOfSite(tx, areaId, now, confirmation);
      await recordAudit(tx, actor, {
        action: 'appointmentSettings.weekdays',
        target: `appointmentArea:${areaId}`,
        before: { workingWeekdays: before },
        after: { workingWeekdays: weekdays, ...settledInAudit(settled, confirmation) },
      });
      return settled;
    }),
  );
}

/** The audit's account of the bookings a change cancelled or moved: how many, which, where to, and the reason given. */
function settledInAudit(settled: HallSettlement, confirmation: CancelConfirmation) {
  const numbers = settled.bookings.map((booking) => booking.number);
  const reason = confirmation.reason?.trim() ?? '';
  if (settled.movedTo) return { cancelledBookings: 0, movedBookings: numbers.length, moved: numbers, movedTo: settled.movedTo, reason };
  return { cancelledBookings: numbers.length, ...(numbers.length ? { cancelled: numbers, reason } : {}) };
}

/** A date that exists, from today up to SPECIAL_DAY_HORIZON_DAYS ahead (else refused in words); answers today's date. */
export function checkSettableDay(day: string, now: Date): string {
  const today = formatShanghaiDate(now);
  if (!isCalendarDate(day)) throw badRequest(INVALID_DATE);
  if (day < today) throw badRequest(PAST_DAY);
  if (day > formatShanghaiDate(new Date(now.getTime() + SPECIAL_DAY_HORIZON_DAYS * 24 * 60 * 60 * 1000))) throw badRequest(TOO_FAR_AHEAD);
  return today;
}

export async function saveSpecialDay(
  db: Database,
  actor: AuditActor,
  input: { areaId: string; day: string; kind: 'holiday' | 'workday' | 'none'; note: string } & CancelConfirmation,
  now = new Date(),
) {
  checkSettableDay(input.day, now);
  const note = input.note.trim().slice(0, 100);
  return settingsChange(db, input.areaId, now, () =>
    db.transaction(async (tx) => {
      await lockCalendars(tx);
      await requireArea(tx, input.areaId);
      const where = and(eq(appointmentSpecialDays.areaId, input.areaId), eq(appointmentSpecialDays.day, input.day));
      const [before] = await tx.select().from(appointmentSpecialDays).where(where);
      if (input.kind === 'none') await tx.delete(appointmentSpecialDays).where(where);
      else
        await tx
          .insert(appointmentSpecialDays)
          .values({ areaId: input.areaId, day: input.day, kind: input.kind, note })
          .onConflictDoUpdate({ target: [appointmentSpecialDays.areaId, appointmentSpecialDays.day], set: { kind: input.kind, note } });
      // A holiday's note (国庆节) is the reason the citizens read unless the operator gave another.
      const settled = await applyDaysOfSite(tx, input.areaId, now, input, input.kind === 'holiday' ? note : '');
      await recordAudit(tx, actor, {
        action: 'appointmentSettings.day',
        target: `appointmentArea:${input.areaId}`,
        before: { day: input.day, kind: before?.kind ?? 'none', note: before?.note ?? '' },
        after: { day: input.day, kind: input.kind, note, ...settledInAudit(settled, { reason: input.reason?.trim() || note }) },
      });
      return settled;
    }),
  );
}

function checkedSlots(slots: SlotSettingInput[]): SlotSettingInput[] {
  if (slots.length > MAX_SLOTS_PER_BUSINESS) throw badRequest(`每项业务最多${MAX_SLOTS_PER_BUSINESS}个时段`);
  const seen = new Set<string>();
  return slots.map((slot) => {
    const timeName = slot.timeName.trim();
    const problem = slotNameProblem(timeName);
    if (problem) throw badRequest(problem);
    if (seen.has(timeName)) throw badRequest(DUPLICATE_SLOT(timeName));
    seen.add(timeName);
    const weekdays = normaliseWeekdays(slot.weekdays);
    if (!weekdays) throw badRequest(SLOT_WEEKDAYS_REQUIRED(timeName));
    return { timeName, maxNum: slot.maxNum, weekdays };
  });
}

/**
 * A business's slots, and the coming open days take them: places changed, slots added, slots
 * removed. The slots are locked first, so a citizen booking at the same moment either lands
 * before (and is counted here) or waits and sees the new places.
 */
export async function saveSlots(db: Database, actor: AuditActor, input: { areaId: string; processId: string; slots: SlotSettingInput[] } & CancelConfirmation, now = new Date()) {
  const slots = checkedSlots(input.slots);
  const today = formatShanghaiDate(now);
  return settingsChange(db, input.areaId, now, () =>
    db.transaction(async (tx) => {
      await lockCalendars(tx);
      const [process] = await tx
        .select()
        .from(appointmentProcesses)
        .where(and(eq(appointmentProcesses.id, input.processId), eq(appointmentProcesses.areaId, input.areaId)));
      if (!process) throw notFound(NO_DATA_MESSAGE);
      const before = (await loadCalendarRules(tx, today)).slotsOf(process.id);
      await tx.delete(appointmentSlotSettings).where(eq(appointmentSlotSettings.processId, process.id));
      if (slots.length) await tx.insert(appointmentSlotSettings).values(slots.map((slot) => ({ processId: process.id, ...slot })));
      const rules = await loadCalendarRules(tx, today);

      const days = await tx
        .select()
        .from(appointmentCalendars)
        .where(and(eq(appointmentCalendars.areaId, process.areaId), gte(appointmentCalendars.calendarDate, today), eq(appointmentCalendars.holiday, 0)))
        .orderBy(asc(appointmentCalendars.calendarDate));
      const existing = days.length
        ? await tx
            .select()
            .from(appointmentSlots)
            .where(
              and(
                eq(appointmentSlots.processId, process.id),
                inArray(
                  appointmentSlots.calendarId,
                  days.map((day) => day.id),
                ),
              ),
            )
            .orderBy(asc(appointmentSlots.timeName))
            .for('update')
        : [];
      const toInsert: (typeof appointmentSlots.$inferInsert)[] = [];
      const toRemove: number[] = [];
      const removedWithBookings: { slot: typeof appointmentSlots.$inferSelect; date: string }[] = [];
      for (const day of days) {
        const wanted = rules.slotsOn(process.id, process.areaId, day.calendarDate);
        const present = existing.filter((slot) => slot.calendarId === day.id);
        for (const slot of present) {
          const setting = wanted.find((item) => item.timeName === slot.timeName);
          if (!setting) {
            if (slot.countNum > 0) removedWithBookings.push({ slot, date: day.calendarDate });
            toRemove.push(slot.id);
          } else if (setting.maxNum < slot.countNum) {
            throw conflict(capacityBelowBookingsMessage(day.calendarDate, slot.timeName, slot.countNum));
          } else if (setting.maxNum !== slot.maxNum) {
            await tx.update(appointmentSlots).set({ maxNum: setting.maxNum }).where(eq(appointmentSlots.id, slot.id));
          }
        }
        for (const setting of wanted)
          if (!present.some((slot) => slot.timeName === setting.timeName)) toInsert.push({ calendarId: day.id, processId: process.id, timeName: setting.timeName, maxNum: setting.maxNum });
      }
      // The new slots first: a slot whose hours changed (a new name) may take the removed one's bookings.
      if (toInsert.length) await tx.insert(appointmentSlots).values(toInsert).onConflictDoNothing();
      const held = await unmarkedBookings(tx, { slotIds: removedWithBookings.map((item) => item.slot.id) }, { lock: true });
      const settled = await settleByHall(tx, held, input, { areaId: process.areaId, now, removedSlotIds: toRemove });
      // A booking the counter already marked is its record: its slot cannot go.
      for (const { slot, date } of removedWithBookings) {
        const left = slot.countNum - settled.bookings.filter((booking) => booking.slotId === slot.id).length;
        if (left > 0) throw conflict(slotWithBookingsMessage(date, slot.timeName, left));
      }
      if (toRemove.length) {
        // A slot a cancelled booking still names stays, with no places, so its history holds.
        const unreferenced = and(
          inArray(appointmentSlots.id, toRemove),
          notExists(tx.select({ id: appointmentOrders.id }).from(appointmentOrders).where(eq(appointmentOrders.slotId, appointmentSlots.id))),
          notExists(tx.select({ id: counterBookings.id }).from(counterBookings).where(eq(counterBookings.slotId, appointmentSlots.id))),
        );
        await tx.delete(appointmentSlots).where(unreferenced);
        await tx.update(appointmentSlots).set({ maxNum: 0 }).where(inArray(appointmentSlots.id, toRemove));
      }
      await recordAudit(tx, actor, {
        action: 'appointmentSettings.slots',
        target: `appointmentProcess:${process.id}`,
        before: { slots: before },
        after: { slots, ...settledInAudit(settled, input) },
      });
      return settled;
    }),
  );
}
