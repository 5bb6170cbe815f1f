import type { Applicant } from '@hall/api/browser';
import { SIGNATURE_MESSAGES, isSigned } from '@hall/domain';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { href, paths } from '../../config/paths';

export const APPLICANT_LABEL = '申请人';

interface ApplicantsCardProps {
  applicants: readonly Applicant[];
  applicationId: string;
  djlx: string;
  qllx: string;
}

/**
 * The case's applicants (spec part 3 §2.17: 序, name, contact) with whether each has signed; a row
 * opens the person screen, where 点击签字 leads to /userSign; 添加 adds a rights holder.
 */
export function ApplicantsCard({ applicants, applicationId, djlx, qllx }: ApplicantsCardProps) {
  const navigate = useNavigate();
  const common = { slsqId: applicationId, djlx, qllx };
  return (
    <section className="hall-card hall-statement__section" aria-label={APPLICANT_LABEL}>
      <div className="hall-statement__section-head">
        <h2 className="hall-card__title">{APPLICANT_LABEL}</h2>
        <Button size="mini" color="primary" fill="outline" aria-label={`添加${APPLICANT_LABEL}`} onClick={() => navigate(href(paths.infoPerson, { type: '0', id: '', ...common }))}>
          添加
        </Button>
      </div>
      {applicants.length === 0 ? (
        <p className="hall-statement__empty">暂无{APPLICANT_LABEL}，请先添加并签字</p>
      ) : (
        <table className="hall-statement__table" aria-label={`${APPLICANT_LABEL}列表`}>
          <thead>
            <tr>
              <th scope="col">序</th>
              <th scope="col">姓名</th>
              <th scope="col">联系方式</th>
              <th scope="col">签字</th>
              <th scope="col">管理</th>
            </tr>
          </thead>
          <tbody>
            {applicants.map((person, index) => {
              const signed = isSigned(person.qzzt);
              return (
                <tr key={person.sqr_id}>
                  <td>{index + 1}</td>
                  <td>{person.sqr_name}</td>
                  <td>{person.sqr_tel}</td>
                  <td className={signed ? 'hall-statement__signed' : 'hall-statement__unsigned'}>{signed ? SIGNATURE_MESSAGES.signedLabel : '未签字'}</td>
                  <td>
                    <button
                      type="button"
                      className="hall-statement__link"
                      aria-label={`查看/修改${person.sqr_name}`}
                      onClick={() => navigate(href(paths.infoPerson, { type: person.sqr_lx, id: person.sqr_id, ...common }))}
                    >
                      查看/修改
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
