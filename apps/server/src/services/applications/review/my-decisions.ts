import { REVIEW_DECISIONS_PAGE_SIZE, type ReviewDecisionItem } from '@hall/api/internal';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { applications, auditTrail, businesses } from '../../../db/schema';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';

export interface MyDecisionsFilter {
  page: number;
  stage?: 'cadastralSurvey' | 'acceptance' | undefined;
  decision?: 'pass' | 'reject' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const shanghaiDay = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`;
const OPINION_FIELDS = { cadastralSurvey: 'sh_qjdc_yj', acceptance: 'sh_xmsl_yj' } as const;

/**
 * 我已审核: the decisions one operator made, newest first, read from the audit trail (every decision
 * is one entry there, under the operator who made it: review.ts), with the
 * application as it stands now.
 */
export async function listMyDecisions(db: Database, operatorId: number, filter: MyDecisionsFilter): Promise<{ items: ReviewDecisionItem[]; total: number; pageSize: number }> {
  const stage = sql<string>`${auditTrail.after}->>'stage'`;
  const conditions: SQL[] = [
    eq(auditTrail.operatorId, operatorId),
    filter.decision ? eq(auditTrail.action, `review.${filter.decision}`) : inArray(auditTrail.action, ['review.pass', 'review.reject']),
  ];
  if (filter.stage) conditions.push(sql`${stage} = ${filter.stage}`);
  if (filter.from) conditions.push(gte(auditTrail.at, shanghaiDay(filter.from)));
  if (filter.to) conditions.push(lt(auditTrail.at, sql`${shanghaiDay(filter.to)} + interval '1 day'`));
  const where = and(...conditions);
  const pageSize = REVIEW_DECISIONS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditTrail, application: applications, businessName: businesses.prodefName })
      .from(auditTrail)
      .leftJoin(applications, sql`${auditTrail.target} = 'application:' || ${applications.id}::text`)
      .leftJoin(businesses, eq(businesses.id, applications.prodefid))
      .where(where)
      .orderBy(desc(auditTrail.at), desc(auditTrail.id))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db.select({ n: count() }).from(auditTrail).where(where),
  ]);
  return {
    total: total!.n,
    pageSize,
    items: rows.map(({ entry, application, businessName }) => {
      const decidedStage = entry.after?.stage === 'acceptance' ? 'acceptance' : 'cadastralSurvey';
      const opinion = entry.after?.[OPINION_FIELDS[decidedStage]];
      return {
        id: entry.target.slice('application:'.length),
        decidedAt: formatShanghaiDateTime(entry.at),
        stage: decidedStage,
        decision: entry.action === 'review.reject' ? 'reject' : 'pass',
        opinion: typeof opinion === 'string' ? opinion : '',
        name: application?.name ?? '',
        business_name: businessName ?? '',
        prolsh: application?.prolsh ?? null,
        shzt: application?.shzt ?? -1,
      };
    }),
  };
}
