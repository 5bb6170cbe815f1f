import type { RatingFigures } from '@hall/api/browser';
import { RATING_GRADES } from '@hall/domain';
import { dataOf } from '@hall/app';
import { DataTable, type Column } from '../../components/data-table';
import { LoadStatus } from '../../components/load-status';
import { api } from '../../lib/hall';
import { useConsoleRemote } from '../../lib/use-console-remote';

const COLUMNS = (first: string): Column<RatingFigures>[] => [
  { key: 'label', title: first, primary: true, render: (row) => row.label || '—' },
  { key: 'total', title: '评价数', render: (row) => row.total },
  ...RATING_GRADES.map((grade, index) => ({ key: `grade${grade.grade}`, title: grade.label, render: (row: RatingFigures) => row.byGrade[index] ?? 0 })),
  { key: 'satisfied', title: '满意率', render: (row) => (row.total ? `${row.satisfiedPercent}%` : '—') },
];

/** The address of the period's export for the province's 好差评 platform (docs/ratings-export-openapi.yaml). */
const exportHref = (from: string, to: string) => `/online/admin/api/ratings/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** 好差评 of the statistics page: the period's ratings by service and by site, and their export. */
export function RatingStatistics({ from, to }: { from: string; to: string }) {
  const figures = useConsoleRemote(async () => dataOf(await api.ratingStatistics({ from, to })), [from, to]);
  const data = figures.data;
  return (
    <section className="statistics-section" aria-labelledby="rating-statistics">
      <h2 id="rating-statistics">好差评</h2>
      <LoadStatus loaded={figures} />
      {data && !figures.loading && (
        <>
          <p className="shell-note">
            共 {data.overall.total} 条评价{data.overall.total ? `，满意率 ${data.overall.satisfiedPercent}%（非常满意、满意、基本满意）` : ''}。
            <a href={exportHref(from, to)} download={`好差评-${from}-${to}.json`}>
              导出给省好差评平台（JSON）
            </a>
          </p>
          <DataTable label="好差评（按服务）" rows={data.byService} rowKey={(row) => row.key} columns={COLUMNS('服务')} />
          <DataTable label="好差评（按网点）" rows={data.bySite} rowKey={(row) => row.key || 'hall'} columns={COLUMNS('网点')} />
          {!data.bySite.length && <p className="shell-note">所选范围内没有评价。</p>}
        </>
      )}
    </section>
  );
}
