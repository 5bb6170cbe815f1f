import type { RatingExportFile, RatingFigures } from '@hall/api/internal';
import { RATED_SERVICES, RATING_GRADES, ratingGradeLabel } from '@hall/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ratingFollowUps, ratings } from '../../db/schema';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';

/** A period of rating days, Asia/Shanghai, both ends inclusive: [from 00:00, to + 1 day 00:00). */
export interface RatingPeriod {
  from: string;
  to: string;
}

const ZONE = 'Asia/Shanghai';
const inPeriod = (period: RatingPeriod) =>
  and(sql`${ratings.createdAt} >= (${period.from}::date)::timestamp AT TIME ZONE ${ZONE}`, sql`${ratings.createdAt} < ((${period.to}::date) + 1)::timestamp AT TIME ZONE ${ZONE}`);

/** 非常满意, 满意 and 基本满意: what the province counts as satisfied. */
const SATISFIED_FROM = 3;

function figures(key: string, label: string, grades: number[]): RatingFigures {
  const byGrade = RATING_GRADES.map(({ grade }) => grades.filter((g) => g === grade).length);
  const satisfied = grades.filter((g) => g >= SATISFIED_FROM).length;
  return { key, label, total: grades.length, byGrade, satisfiedPercent: grades.length ? Math.round((satisfied / grades.length) * 1000) / 10 : 0 };
}

function grouped(rows: Array<{ key: string; label: string; grade: number }>): RatingFigures[] {
  const groups = new Map<string, { label: string; grades: number[] }>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? { label: row.label, grades: [] };
    group.grades.push(row.grade);
    groups.set(row.key, group);
  }
  return [...groups].map(([key, group]) => figures(key, group.label, group.grades));
}

/**
 * The ratings of a period counted overall, by service and by site. Every rating counts, a second one
 * after a follow-up too (the province counts each evaluation). A period's ratings are few enough to
 * count here; the page is opened rarely.
 */
export async function ratingStatistics(db: Database, period: RatingPeriod) {
  const rows = await db
    .select({ kind: ratings.serviceKind, site: ratings.site, siteName: ratings.siteName, grade: ratings.grade })
    .from(ratings)
    .where(inPeriod(period))
    .orderBy(asc(ratings.serviceKind), asc(ratings.site));
  const kinds = Object.keys(RATED_SERVICES) as Array<keyof typeof RATED_SERVICES>;
  return {
    overall: figures(
      'all',
      '全部',
      rows.map((row) => row.grade),
    ),
    // Every service, rated or not, so a quiet one shows as 0 rather than missing.
    byService: kinds.map((kind) =>
      figures(
        kind,
        RATED_SERVICES[kind].title,
        rows.filter((row) => row.kind === kind).map((row) => row.grade),
      ),
    ),
    bySite: grouped(rows.map((row) => ({ key: row.site, label: row.siteName, grade: row.grade }))),
  };
}

/**
 * The ratings of a period in the form the province's 好差评 platform takes (docs/ratings-export-openapi.yaml):
 * nothing names the citizen, so no openid, name, ID number or phone leaves the hall.
 */
export async function ratingExport(db: Database, period: RatingPeriod, region: string, now = new Date()): Promise<RatingExportFile> {
  const rows = await db
    .select({ rating: ratings, followUp: ratingFollowUps })
    .from(ratings)
    .leftJoin(ratingFollowUps, eq(ratingFollowUps.ratingId, ratings.id))
    .where(inPeriod(period))
    .orderBy(asc(ratings.createdAt), asc(ratings.id));
  return {
    format: 'hall-ratings/1',
    region,
    from: period.from,
    to: period.to,
    generatedAt: formatShanghaiDateTime(now),
    records: rows.map(({ rating, followUp }) => ({
      ratingId: String(rating.id),
      serviceKind: rating.serviceKind,
      serviceTitle: rating.serviceTitle,
      site: rating.siteName,
      round: rating.round,
      grade: rating.grade,
      gradeLabel: ratingGradeLabel(rating.grade),
      comment: rating.comment,
      reasons: rating.reasons,
      ratedAt: formatShanghaiDateTime(rating.createdAt),
      followUp: followUp ? { dueOn: followUp.dueOn, answered: followUp.answeredAt !== null, answeredAt: formatShanghaiDateTime(followUp.answeredAt) } : null,
    })),
  };
}
