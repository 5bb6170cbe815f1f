// What the notifications cost (not run by CI), on a fresh database of the local PostgreSQL
// (BENCH_ADMIN_URL, default the test server's `test` database, where it creates and drops its own):
//   - deliveries per second through a stand-in channel that answers at once: one process, then two
//     processes sharing the outbox (each claims its own rows, FOR UPDATE SKIP LOCKED);
//   - what the outbox adds to a writer's transaction, which a review decision and a booking both pay:
//     the same transaction (an update of one row) without and with notifyCitizen (one message, one SMS delivery).
// Run:  cd apps/server && npx tsx bench/notifications.ts
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { settings } from '../src/db/schema';
import { notifyCitizen } from '../src/services/notifications/outbox';
import { deliverDue } from '../src/services/notifications/delivery';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MESSAGES = 4000;
const WRITES = 1000;
const database = `hall_bench_notify_${process.pid}`;

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const first = connectDatabase(url.href, 10);
  const second = connectDatabase(url.href, 10);
  try {
    await migrateDatabase(first.pool, first.db);
    const db = first.db;

    // What the outbox adds to a writer's transaction.
    await db.insert(settings).values({ key: 'bench', value: '0' });
    const change = (tx: Pick<typeof db, 'execute'>) => tx.execute(sql`update settings set value = (value::int + 1)::text where key = 'bench'`);
    const timeWrites = async (withNotice: boolean) => {
      const started = performance.now();
      for (let i = 0; i < WRITES; i++) {
        await db.transaction(async (tx) => {
          await change(tx);
          if (withNotice)
            await notifyCitizen(tx, { openid: `bench-${i % 50}`, event: 'surveyRejected', subject: `application:${i}:${Math.random()}`, body: '审核意见：材料不全', link: '/applyDetail?id=1' });
        });
      }
      return ((performance.now() - started) * 1000) / WRITES;
    };
    await timeWrites(false);
    const before = await timeWrites(false);
    const after = await timeWrites(true);
    console.log(`${'a writer transaction (one update), without the outbox'.padEnd(64)} ${before.toFixed(0).padStart(7)} µs`);
    console.log(`${'the same with notifyCitizen (message + SMS delivery)'.padEnd(64)} ${after.toFixed(0).padStart(7)} µs`);
    console.log(`${'what the outbox adds to a review decision or a booking'.padEnd(64)} ${(after - before).toFixed(0).padStart(7)} µs`);

    const fill = async () => {
      await db.execute(sql`delete from notifications`);
      for (let i = 0; i < MESSAGES; i += 200) {
        await db.transaction(async (tx) => {
          for (let j = i; j < i + 200; j++) await notifyCitizen(tx, { openid: `bench-${j % 50}`, event: 'accepted', subject: `application:${j}`, body: '您的申请已受理', link: '/applyDetail?id=1' });
        });
      }
    };
    const standIn = async () => {};
    for (const processes of [[first.db], [first.db, second.db]]) {
      await fill();
      const started = performance.now();
      await Promise.all(
        processes.map(async (processDb) => {
          while ((await deliverDue(processDb, { senders: { sms: standIn } })).claimed > 0);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const [row] = (await db.execute<{ sent: number }>(sql`select count(*)::int as sent from notification_deliveries where state = 'sent'`)).rows;
      console.log(`${`deliveries per second, ${processes.length} process(es), stand-in channel (${row!.sent} sent)`.padEnd(64)} ${(row!.sent / seconds).toFixed(0).padStart(7)} /s`);
    }
  } finally {
    await first.close();
    await second.close();
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
