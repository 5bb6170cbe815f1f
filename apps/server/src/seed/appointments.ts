/**
 * Demo counter-appointment data (spec part 3 §2.1, §2.18, §3): sites in each demo district, the
 * businesses each site handles, a calendar for the three weeks after the seed date (weekends and
 * fixed public holidays closed, Fridays morning only) and the time slots of every open day.
 */
import { DEFAULT_APPLY_REGION, SPECIAL_RULES_DISTRICT, TAX_BUREAU_DISTRICT } from '@hall/domain';
import { and, gte, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { appointmentAreas, appointmentCalendars, appointmentProcesses, appointmentSlots } from '../db/schema';
import { formatShanghaiDate } from '../lib/shanghai-time';
import { DEMO_CENTRE, DEMO_DISTRICT_HALLS } from './demo-centre';

export const DEMO_APPOINTMENT_AREAS = [
  {
    id: 'ap-659000-1',
    xzqdm: DEFAULT_APPLY_REGION,
    areaName: '石河子市不动产登记中心',
    address: '新疆石河子市北四路79号政务服务中心二楼',
    worktime: '周一至周五 09:30-13:30 15:30-19:30',
    phone: '0993-2012345',
    lat: '44.3059',
    lng: '86.0411',
    sort: 1,
  },
  {
    id: 'ap-659000-2',
    xzqdm: DEFAULT_APPLY_REGION,
    areaName: '五家渠市不动产登记服务大厅',
    address: '',
    worktime: '周一至周五 09:30-13:30 15:30-19:30',
    phone: '0994-5812345',
    lat: '44.1674',
    lng: '87.5430',
    sort: 2,
  },
  {
    id: 'ap-140200-1',
    xzqdm: SPECIAL_RULES_DISTRICT,
    areaName: '大同市不动产登记中心',
    address: '山西省大同市平城区御东行政中心政务大厅三层',
    worktime: '周一至周五 08:30-12:00 14:30-17:30',
    phone: '0352-5101234',
    lat: '40.0907',
    lng: '113.3399',
    sort: 1,
  },
  {
    id: 'ap-140200-2',
    xzqdm: SPECIAL_RULES_DISTRICT,
    areaName: '大同市云冈区不动产登记分中心',
    address: '山西省大同市云冈区新平旺和平街12号',
    worktime: '周一至周五 08:30-12:00 14:30-17:30',
    phone: '0352-7021234',
    lat: '40.0368',
    lng: '113.1471',
    sort: 2,
  },
  {
    id: 'ap-630100-1',
    xzqdm: TAX_BUREAU_DISTRICT,
    areaName: '西宁市不动产登记中心',
    address: '青海省西宁市城西区五四西路68号',
    worktime: '周一至周五 09:00-12:00 14:30-17:30',
    phone: '0971-6301234',
    lat: '36.6241',
    lng: '101.7570',
    sort: 1,
  },
  // The demo centre and its district halls (seed/demo-centre.ts), each in its own district.
  ...[DEMO_CENTRE, ...DEMO_DISTRICT_HALLS].map(({ name, district, address, worktime, phone, lat, lng }) => ({
    id: `ap-${district}-1`,
    xzqdm: district,
    areaName: name,
    address,
    worktime,
    phone,
    lat,
    lng,
    sort: 1,
  })),
];

const PROCESS_NAMES = ['一般登记窗口', '抵押登记窗口', '查询及证书领取窗口'];

export const DEMO_APPOINTMENT_PROCESSES = DEMO_APPOINTMENT_AREAS.flatMap((area) =>
  PROCESS_NAMES.map((processName, index) => ({ id: `${area.id}-p${index + 1}`, areaId: area.id, processName, sort: index + 1 })),
);

/** Fixed public holidays (month-day) on which the halls are closed. */
const FIXED_HOLIDAYS = ['01-01', '05-01', '05-02', '05-03', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'];

/** timeClass 1: a full day; timeClass 2: the morning only (Fridays). */
export const TIME_CLASS_SLOTS: Record<string, string[]> = {
  '1': ['09:00-10:00', '10:00-11:00', '11:00-12:00', '14:00-15:00', '15:00-16:00', '16:00-17:00'],
  '2': ['09:00-10:00', '10:00-11:00', '11:00-12:00'],
};

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DAYS = 21;

/** The calendar days after `now` (Asia/Shanghai dates) with their time class and holiday flag. */
export function demoCalendarDays(now: Date): { calendarDate: string; timeClass: string; holiday: number }[] {
  return Array.from({ length: CALENDAR_DAYS }, (_, index) => {
    const calendarDate = formatShanghaiDate(new Date(now.getTime() + (index + 1) * DAY_MS));
    const weekday = new Date(`${calendarDate}T00:00:00Z`).getUTCDay();
    const closed = weekday === 0 || weekday === 6 || FIXED_HOLIDAYS.includes(calendarDate.slice(5));
    return { calendarDate, timeClass: weekday === 5 ? '2' : '1', holiday: closed ? 1 : 0 };
  });
}

/** Seeds the sites, businesses, calendar and slots; rows already there are kept, so counts survive a reseed. */
export async function seedAppointments(tx: Transaction, now: Date): Promise<void> {
  await tx.insert(appointmentAreas).values(DEMO_APPOINTMENT_AREAS).onConflictDoNothing();
  await tx.insert(appointmentProcesses).values(DEMO_APPOINTMENT_PROCESSES).onConflictDoNothing();
  const days = demoCalendarDays(now);
  const areaIds = DEMO_APPOINTMENT_AREAS.map((area) => area.id);
  await tx
    .insert(appointmentCalendars)
    .values(areaIds.flatMap((areaId) => days.map((day) => ({ areaId, ...day }))))
    .onConflictDoNothing();
  const calendars = await tx
    .select()
    .from(appointmentCalendars)
    .where(and(inArray(appointmentCalendars.areaId, areaIds), gte(appointmentCalendars.calendarDate, days[0]!.calendarDate)));
  const slots = calendars
    .filter((calendar) => calendar.holiday === 0)
    .flatMap((calendar) =>
      DEMO_APPOINTMENT_PROCESSES.filter((process) => process.areaId === calendar.areaId).flatMap((process) =>
        (TIME_CLASS_SLOTS[calendar.timeClass] ?? []).map((timeName, index) => ({
          calendarId: calendar.id,
          processId: process.id,
          timeName,
          // Mornings are busier: more places before noon.
          maxNum: index < 3 ? 10 : 6,
        })),
      ),
    );
  if (slots.length > 0) await tx.insert(appointmentSlots).values(slots).onConflictDoNothing();
}
