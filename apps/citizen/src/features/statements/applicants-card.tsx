import { SessionLostError, type Applicant } from '@hall/api/browser';
import { SIGNATURE_MESSAGES, isSigned } from '@hall/domain';
import { showAlert, showConfirm, showLoading } from '@hall/ui';
import { ActionSheet, Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { NETWORK_ERROR } from '../../lib/use-remote';
import { useSession } from '../../stores/session';

export const APPLICANT_LABEL = '申请人';
const CONFIRM_DELETE = '确定执行删除操作？';
const DELETE_FAILED = '删除失败，请稍后重试';

interface ApplicantsCardProps {
  applicants: readonly Applicant[];
  applicationId: string;
  djlx: string;
  qllx: string;
  /** Called after an applicant was deleted, to load the list again. */
  onChanged: () => void;
}

/**
 * The case's applicants (spec part 3 §2.17: 序, name, contact) with whether each has signed; a row
 * opens the person screen, where 点击签字 leads to /userSign; 添加 adds a rights holder.
 */
export function ApplicantsCard({ applicants, applicationId, djlx, qllx, onChanged }: ApplicantsCardProps) {
  const navigate = useNavigate();
  const openid = useSession((s) => s.user?.openid ?? '');
  const [managed, setManaged] = useState<Applicant | null>(null);
  const common = { slsqId: applicationId, djlx, qllx };

  // 删除 asks 确定执行删除操作？ (提示) first, then the list is loaded again (part 3 §2.17, §7).
  async function remove(person: Applicant) {
    setManaged(null);
    if (!(await showConfirm(CONFIRM_DELETE, { title: '提示' }))) return;
    const hide = showLoading('删除中');
    let failure: string | null = null;
    try {
      const reply = await api.delSqrmsgWx({ openid, sqrid: person.sqr_id });
      if (reply.state !== 1 && reply.state !== true) failure = reply.msg || DELETE_FAILED;
    } catch (error) {
      hide();
      if (!(error instanceof SessionLostError)) await showAlert(NETWORK_ERROR, { title: '提示' });
      return;
    }
    hide();
    if (failure) await showAlert(failure, { title: '提示' });
    else onChanged();
  }

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
                    <button type="button" className="hall-statement__link" aria-haspopup="dialog" aria-label={`管理${person.sqr_name}`} onClick={() => setManaged(person)}>
                      管理
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <ActionSheet
        visible={managed !== null}
        actions={[
          { key: 'edit', text: '查看/修改' },
          { key: 'delete', text: '删除', danger: true },
        ]}
        cancelText="取消"
        onAction={(action) => {
          const person = managed;
          if (!person) return;
          if (action.key === 'edit') {
            setManaged(null);
            navigate(href(paths.infoPerson, { type: person.sqr_lx, id: person.sqr_id, ...common }));
          } else void remove(person);
        }}
        onClose={() => setManaged(null)}
      />
    </section>
  );
}
