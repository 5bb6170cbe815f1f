import type { DurationFigures, HallStatisticsReport } from '@hall/api';
import { REVIEW_DECISIONS, REVIEW_STAGES, REVIEW_STAGE_LABELS } from '@hall/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shanghaiDayStart } from '../../lib/shanghai-time';
import { sendingFigures } from '../notifications/sending-report';

/**
 * The statistics page's figures, each counted from the rows of the range when asked (a director's
 * page is opened rarely; a precomputed table would only drift from the rows it sums). Days are
 * Asia/Shanghai days; a range is [from 00:00, to + 1 day 00:00).
 */

export interface ReportFilter {
  from: string;
  to: string;
  /** A district (区县) the applications and bookings are limited to. */
  xzqdm?: string;
}

const ZONE = 'Asia/Shanghai';
const rangeStart = (filter: ReportFilter) => sql`(${filter.from}::date)::timestamp AT TIME ZONE ${ZONE}`;
const rangeEnd = (filter: ReportFilter) => sql`((${filter.to}::date) + 1)::timestamp AT TIME ZONE ${ZONE}`;
/** The Asia/Shanghai date of a moment, as a date: grouped on before it is formatted (to_char) for the page. */
const shanghaiDate = (column: SQL) => sql`(${column} AT TIME ZONE ${ZONE})::date`;
/** Hours between two moments, as a double PostgreSQL averages and ranks (date_part; extract() gives a numeric, several times slower to sort). */
const hoursBetween = (from: SQL, to: SQL) => sql`date_part('epoch', ${to} - ${from}) / 3600.0::float8`;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const rounded = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);

function durations(row: { count: unknown; average: unknown; p90: unknown } | undefined): DurationFigures {
  return { count: Number(row?.count ?? 0), averageHours: rounded(row?.average), p90Hours: rounded(row?.p90) };
}

async function districts(db: Database): Promise<HallStatisticsReport['districts']> {
  const list = await rows<{ xzqdm: string; name: string }>(
    db,
    sql`SELECT DISTINCT xzqdm, areaname AS name FROM businesses
        UNION SELECT DISTINCT xzqdm, area_name AS name FROM appointment_areas
        ORDER BY xzqdm, name`,
  );
  // One entry a district, under the first name it is known by.
  return [...new Map(list.map((district) => [district.xzqdm, district])).values()];
}

async function applicationsPerDay(db: Database, filter: ReportFilter, district: SQL) {
  const list = await rows<{ day: string; shzt: number; business: string; count: string }>(
    db,
    // Every application names its business (prodefid is NOT NULL and a foreign key), so the business's own
    // name is the one counted. The rows are counted by day (a date), status and business id straight from
    // the submission index (applications_submitted_idx); only the counts are named and formatted.
    sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day, g.shzt, b.prodef_name AS business, sum(g.count) AS count
        FROM (
          SELECT ${shanghaiDate(sql`a.submitted_at`)} AS day, a.shzt, a.prodefid, count(*) AS count FROM applications a
          WHERE a.submitted_at >= ${rangeStart(filter)} AND a.submitted_at < ${rangeEnd(filter)} AND a.shzt <> -1 ${district}
          GROUP BY 1, 2, 3
        ) g JOIN businesses b ON b.id = g.prodefid
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return list.map((row) => ({ day: row.day, shzt: Number(row.shzt), business: row.business, count: Number(row.count) }));
}

/** Each stage and decision the page times: each is read as its own range of review_decisions_group_idx. */
const decisionGroups = REVIEW_STAGES.flatMap((stage) => REVIEW_DECISIONS.map((decision) => ({ stage, decision })));
const decidedIn = (filter: ReportFilter) => sql`a.decided_at >= ${rangeStart(filter)} AND a.decided_at < ${rangeEnd(filter)}`;

/** The review decisions of the range (review_decisions, written with each decision), each timed from the submission it answered. */
async function reviewTimes(db: Database, filter: ReportFilter, district: SQL): Promise<HallStatisticsReport['reviewTimes']> {
  const groups = sql.join(
    decisionGroups.map(({ stage, decision }) => sql`(${stage}, ${decision})`),
    sql`, `,
  );
  const list = await rows<{ stage: string; decision: string; count: string; average: string | null; p90: string | null }>(
    db,
    sql`SELECT g.stage, g.decision, d.count, d.average, d.p90
        FROM (VALUES ${groups}) AS g (stage, decision)
        CROSS JOIN LATERAL (
          SELECT count(*) AS count, avg(a.review_seconds) / 3600.0 AS average, percentile_cont(0.9) WITHIN GROUP (ORDER BY a.review_seconds) / 3600.0 AS p90
          FROM review_decisions a WHERE a.stage = g.stage AND a.decision = g.decision AND ${decidedIn(filter)} ${district}
        ) d
        WHERE d.count > 0 ORDER BY 1, 2`,
  );
  return list.map((row) => ({
    stage: (REVIEW_STAGE_LABELS as Record<string, string>)[row.stage] ?? row.stage,
    decision: row.decision === 'pass' ? '通过' : '驳回',
    figures: durations(row),
  }));
}

async function rejectionReasons(db: Database, filter: ReportFilter, district: SQL): Promise<HallStatisticsReport['rejectionReasons']> {
  const stages = sql.join(
    REVIEW_STAGES.map((stage) => sql`${stage}`),
    sql`, `,
  );
  const list = await rows<{ stage: string; opinion: string; count: string }>(
    db,
    sql`SELECT a.stage, a.opinion, count(*) AS count FROM review_decisions a
        WHERE a.stage IN (${stages}) AND a.decision = 'reject' AND ${decidedIn(filter)} ${district}
        GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 10`,
  );
  return list.map((row) => ({ stage: (REVIEW_STAGE_LABELS as Record<string, string>)[row.stage] ?? row.stage, opinion: row.opinion, count: Number(row.count) }));
}

/** Each day's places offered (open days) and the places booked, a closed day's still-valid bookings included. */
async function bookingsPerDay(db: Database, filter: ReportFilter): Promise<HallStatisticsReport['bookingsPerDay']> {
  const district = filter.xzqdm ? sql`AND ar.xzqdm = ${filter.xzqdm}` : sql``;
  const list = await rows<{ day: string; capacity: string; booked: string }>(
    db,
    // A day closed after it was booked offers no places, but the bookings made before stay valid and count.
    sql`SELECT c.calendar_date::text AS day, coalesce(sum(s.max_num) FILTER (WHERE c.holiday = 0), 0) AS capacity, sum(s.count_num) AS booked
        FROM appointment_slots s JOIN appointment_calendars c ON c.id = s.calendar_id JOIN appointment_areas ar ON ar.id = c.area_id
        WHERE c.calendar_date BETWEEN ${filter.from}::date AND ${filter.to}::date ${district}
        GROUP BY 1 HAVING bool_or(c.holiday = 0) OR sum(s.count_num) > 0 ORDER BY 1`,
  );
  return list.map((row) => ({ day: row.day, capacity: Number(row.capacity), booked: Number(row.booked) }));
}

/** Each day's online and counter bookings, and what the counter recorded of them. */
async function attendancePerDay(db: Database, filter: ReportFilter): Promise<HallStatisticsReport['attendancePerDay']> {
  const district = filter.xzqdm ? sql`AND ar.xzqdm = ${filter.xzqdm}` : sql``;
  const list = await rows<{ day: string; booked: string; arrived: string; no_show: string }>(
    db,
    // Each kind is limited to the range by its own booked_date index before the two are put together.
    sql`SELECT b.day, count(*) AS booked, count(*) FILTER (WHERE at.state = 'arrived') AS arrived, count(*) FILTER (WHERE at.state = 'no_show') AS no_show
        FROM (
          SELECT 'order' AS kind, o.id, o.booked_date::text AS day, o.area_id AS area_id FROM appointment_orders o
          WHERE o.booked_date BETWEEN ${filter.from}::date AND ${filter.to}::date
          UNION ALL
          SELECT 'counter', c.id, c.booked_date::text, cal.area_id FROM counter_bookings c JOIN appointment_calendars cal ON cal.id = c.calendar_id
          WHERE c.booked_date BETWEEN ${filter.from}::date AND ${filter.to}::date
        ) b
        JOIN appointment_areas ar ON ar.id = b.area_id
        LEFT JOIN appointment_attendance at ON at.booking_kind = b.kind AND at.booking_id = b.id
        WHERE true ${district}
        GROUP BY 1 ORDER BY 1`,
  );
  return list.map((row) => ({ day: row.day, booked: Number(row.booked), arrived: Number(row.arrived), noShow: Number(row.no_show) }));
}

/**
 * Minutes from a number's time band start (or its taking, when later) to its call, over every number
 * called in the range: one called before its band began waited 0.
 */
async function queueWaiting(db: Database, filter: ReportFilter): Promise<HallStatisticsReport['queueWaiting']> {
  // A time band reads HH:mm-HH:mm; one that does not (never expected) counts from the taking alone rather than failing the page.
  const bandStart = sql`CASE WHEN res_time ~ '^[0-2][0-9]:[0-5][0-9]' THEN (res_day + left(res_time, 5)::time) AT TIME ZONE ${ZONE} END`;
  const waitingFrom = sql`greatest(created_at, ${bandStart})`;
  const minutes = sql`greatest(date_part('epoch', called_at - ${waitingFrom}), 0) / 60.0::float8`;
  const [row] = await rows<{ count: string; average: string | null; p90: string | null }>(
    db,
    sql`SELECT count(*) AS count, avg(${minutes}) AS average, percentile_cont(0.9) WITHIN GROUP (ORDER BY ${minutes}) AS p90
        FROM queue_orders WHERE called_at >= ${rangeStart(filter)} AND called_at < ${rangeEnd(filter)}`,
  );
  return { count: Number(row?.count ?? 0), averageMinutes: rounded(row?.average), p90Minutes: rounded(row?.p90) };
}

async function queriesPerDay(db: Database, filter: ReportFilter): Promise<HallStatisticsReport['queriesPerDay']> {
  const list = await rows<{ day: string; kind: string; count: string }>(
    db,
    // Counted by day as a date first (query_records_created_idx answers alone), formatted afterwards.
    sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day, g.kind, g.count FROM (
          SELECT ${shanghaiDate(sql`created_at`)} AS day, kind, count(*) AS count FROM query_records
          WHERE created_at >= ${rangeStart(filter)} AND created_at < ${rangeEnd(filter)} GROUP BY 1, 2
        ) g ORDER BY 1, 2`,
  );
  return list.map((row) => ({ day: row.day, kind: row.kind, count: Number(row.count) }));
}

async function feedbackFigures(db: Database, filter: ReportFilter): Promise<HallStatisticsReport['feedback']> {
  const [row] = await rows<{ received: string; answered: string; count: string; average: string | null; p90: string | null }>(
    db,
    sql`SELECT count(*) AS received, count(replied_at) AS answered, count(replied_at) AS count,
          avg(${hoursBetween(sql`created_at`, sql`replied_at`)}) AS average,
          percentile_cont(0.9) WITHIN GROUP (ORDER BY ${hoursBetween(sql`created_at`, sql`replied_at`)}) AS p90
        FROM feedback WHERE created_at >= ${rangeStart(filter)} AND created_at < ${rangeEnd(filter)}`,
  );
  return { received: Number(row?.received ?? 0), answered: Number(row?.answered ?? 0), timeToAnswer: durations(row) };
}

export async function statisticsReport(db: Database, filter: ReportFilter): Promise<HallStatisticsReport> {
  // `a` names the applications and the review decisions alike: both keep the application's district.
  const district = filter.xzqdm ? sql`AND a.xzqdm = ${filter.xzqdm}` : sql``;
  const [districtList, applications, times, reasons, bookings, attendance, waiting, queries, feedback, notifications] = await Promise.all([
    districts(db),
    applicationsPerDay(db, filter, district),
    reviewTimes(db, filter, district),
    rejectionReasons(db, filter, district),
    bookingsPerDay(db, filter),
    attendancePerDay(db, filter),
    queueWaiting(db, filter),
    queriesPerDay(db, filter),
    feedbackFigures(db, filter),
    sendingFigures(db, { from: shanghaiDayStart(filter.from), to: shanghaiDayStart(filter.to, 1) }),
  ]);
  return {
    from: filter.from,
    to: filter.to,
    xzqdm: filter.xzqdm ?? null,
    districts: districtList,
    applicationsPerDay: applications,
    reviewTimes: times,
    rejectionReasons: reasons,
    bookingsPerDay: bookings,
    attendancePerDay: attendance,
    queueWaiting: waiting,
    queriesPerDay: queries,
    feedback,
    notifications,
  };
}
