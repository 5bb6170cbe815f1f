import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { HallStatistics } from '@hall/api';
import type { Database } from '../../db/client';
import { feedback, queryRecords, users } from '../../db/schema';

/** The hall at a glance: citizens, feedback waiting for a reply, queries in progress and today's. */
export async function hallStatistics(db: Database): Promise<HallStatistics> {
  const startOfDay = sql`date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai'`;
  const [citizens] = await db.select({ n: count() }).from(users);
  const [verified] = await db.select({ n: count() }).from(users).where(eq(users.realNameAuth, 1));
  const [waiting] = await db.select({ n: count() }).from(feedback).where(eq(feedback.status, 0));
  const [allFeedback] = await db.select({ n: count() }).from(feedback);
  const [pending] = await db
    .select({ n: count() })
    .from(queryRecords)
    .where(inArray(queryRecords.state, [0, 10]));
  const [today] = await db
    .select({ n: count() })
    .from(queryRecords)
    .where(and(gte(queryRecords.createdAt, startOfDay)));
  return {
    citizens: citizens!.n,
    verifiedCitizens: verified!.n,
    feedbackWaiting: waiting!.n,
    feedbackTotal: allFeedback!.n,
    queriesPending: pending!.n,
    queriesToday: today!.n,
  };
}
