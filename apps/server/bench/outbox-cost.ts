// What the outbox adds to the two writes citizens wait on most (not run by CI): a review decision
// (reviewApplication, 权籍调查审核 pass) and an online booking (bookAppointment), each the whole
// service call on a fresh, migrated, demo-seeded database of the local PostgreSQL (BENCH_ADMIN_URL,
// default the test server's `test` database), for BENCH_CITIZENS distinct citizens one after another
// (default 300), after a warm-up of 30 others.
//
// Before and after: the script imports only what the hall had before the outbox, so the same file is
// run on the commit before it (a temporary worktree at eeacd47^, its bench/ folder) and on this one:
//   cd apps/server && npx tsx bench/outbox-cost.ts
import { performance } from 'node:perf_hooks';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { applications, appointmentCalendars, appointmentProcesses, appointmentSlots, users } from '../src/db/schema';
import { seedHall } from '../src/seed';
import { DEMO_BUSINESSES } from '../src/seed/apply-catalogue';
import { reviewApplication } from '../src/services/applications/review/review';
import { bookAppointment } from '../src/services/appointments/booking/appointments';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CITIZENS = Number(process.env.BENCH_CITIZENS ?? 300);
const WARM_UP = 30;
const database = `hall_bench_outbox_${process.pid}`;
const business = DEMO_BUSINESSES[0]!;

function summary(label: string, micros: number[]): string {
  const sorted = [...micros].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = micros.reduce((sum, value) => sum + value, 0) / micros.length;
  return `${label.padEnd(34)} mean ${mean.toFixed(0).padStart(6)} µs   median ${at(0.5).toFixed(0).padStart(6)} µs   p95 ${at(0.95).toFixed(0).padStart(6)} µs   (${micros.length} calls)`;
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const connection = connectDatabase(url.href, 10);
  try {
    await migrateDatabase(connection.pool, connection.db);
    await seedHall(connection.pool, connection.db, 'demo');
    const db = connection.db;
    const total = CITIZENS + WARM_UP;
    const openids = Array.from({ length: total }, (_, index) => `bench-outbox-${index}`);
    await db.insert(users).values(openids.map((openid, index) => ({ openid, name: '测试', phone: `1380000${String(index).padStart(4, '0')}`, cardnum: '11010519491231002X' })));
    const caseOf = (openid: string, index: number, shzt: number, prolsh: string | null) => ({
      openid,
      prodefid: business.id,
      djlx: business.djlx,
      qllx: business.qllx,
      xzqdm: business.xzqdm,
      areaname: business.areaname,
      name: '房屋登记',
      prolsh,
      slbh: `SLBENCH${shzt}${index}`,
      shzt,
      kyy: shzt === 20 ? '1' : '0',
      submittedAt: new Date(),
    });
    // One case per citizen waiting at the cadastral survey, one accepted case per citizen to book.
    const waiting = await db
      .insert(applications)
      .values(openids.map((openid, index) => caseOf(openid, index, 0, null)))
      .returning({ id: applications.id });
    await db.insert(applications).values(openids.map((openid, index) => caseOf(openid, index, 20, `HDBENCH${index}`)));

    // A slot of the first open day after today of the first site's first business, with room for everyone.
    const [day] = await db
      .select()
      .from(appointmentCalendars)
      .where(and(eq(appointmentCalendars.holiday, 0), gt(appointmentCalendars.calendarDate, sql`current_date`)))
      .orderBy(asc(appointmentCalendars.calendarDate), asc(appointmentCalendars.areaId));
    const [process] = await db.select().from(appointmentProcesses).where(eq(appointmentProcesses.areaId, day!.areaId)).orderBy(asc(appointmentProcesses.sort));
    const [slot] = await db
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.calendarId, day!.id), eq(appointmentSlots.processId, process!.id)))
      .orderBy(asc(appointmentSlots.timeName));
    await db.update(appointmentSlots).set({ maxNum: 999 }).where(eq(appointmentSlots.id, slot!.id));

    const actor = { operatorId: null, operatorName: 'bench', ip: '127.0.0.1' };
    const decisions: number[] = [];
    const bookings: number[] = [];
    for (let index = 0; index < total; index++) {
      let started = performance.now();
      await reviewApplication(db, actor, { proinstid: String(waiting[index]!.id), stage: 'cadastralSurvey', decision: 'pass' });
      if (index >= WARM_UP) decisions.push((performance.now() - started) * 1000);
      started = performance.now();
      await bookAppointment(db, openids[index]!, {
        area: day!.areaId,
        process: process!.id,
        calendar: String(day!.id),
        time: String(slot!.id),
        name: '测试',
        code: '11010519491231002X',
        phone: '13800000000',
        wlsh: `HDBENCH${index}`,
      });
      if (index >= WARM_UP) bookings.push((performance.now() - started) * 1000);
    }
    const [told] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_name = 'notifications'`)).rows;
    console.log(`outbox present: ${Number(told!.n) > 0 ? 'yes' : 'no'}`);
    console.log(summary('a review decision (survey pass)', decisions));
    console.log(summary('an online booking', bookings));
  } finally {
    await connection.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
