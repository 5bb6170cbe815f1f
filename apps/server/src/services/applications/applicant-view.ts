import type { Applicant } from '@hall/api';
import type { applicants } from '../../db/schema';

/** An applicant row as the screens read it back (spec part 2 §3: sqr_id, sqr_lx, sqr_name …, qzzt). */
export function toApplicant(row: typeof applicants.$inferSelect): Applicant {
  return {
    sqr_id: String(row.id),
    sqr_lx: row.sqrLx,
    sqr_name: row.sqrName,
    sqr_tel: row.sqrTel,
    sqr_zjlx: row.sqrZjlx,
    sqr_zjh: row.sqrZjh,
    sqr_adress: row.sqrAdress,
    sqr_qt_dlr_name: row.sqrQtDlrName,
    sqr_qt_zjh: row.sqrQtZjh,
    sqr_qt_zjlx: row.sqrQtZjlx,
    sqr_qt_tel: row.sqrQtTel,
    sqr_qt_fr_name: row.sqrQtFrName,
    sqr_qt_fr_zjh: row.sqrQtFrZjh,
    sqr_qt_fr_zjlx: row.sqrQtFrZjlx,
    sqr_qt_fr_tel: row.sqrQtFrTel,
    iscqr: row.iscqr,
    sqr_gyfs: row.sqrGyfs,
    sqr_gyfe: row.sqrGyfe,
    qzzt: row.qzzt,
  };
}
