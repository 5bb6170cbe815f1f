import { errcodeOk, ENTERPRISE_BUSINESS_REFUSED, type Prodef } from '@hall/api/browser';
import { DEFAULT_APPLY_REGION, isAppointmentApplication } from '@hall/domain';
import { EmptyState, showAlert } from '@hall/ui';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HallPage } from '../../../components/hall-page';
import { RemoteBody } from '../../../components/remote-view';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { NETWORK_ERROR, dataOf, submitWithFeedback, useRemote } from '@hall/app';
import { useSession } from '../../../stores/session';
import './business-choice.css';

/** yhlx of an enterprise business; usertype of an individual account. */
const ENTERPRISE_BUSINESS = '1';
const INDIVIDUAL_ACCOUNT = '0';

/**
 * /selapp?reqseq&xzqdm&sfqy&yhlx&dylx, 业务选择: the parent categories on the left, the chosen
 * category's businesses on the right. A business opens its guide /apply; an enterprise business is
 * first checked against the account's type (spec part 2 §4).
 */
export function BusinessPage() {
  const [params] = useSearchParams();
  const xzqdm = params.get('xzqdm') || DEFAULT_APPLY_REGION;
  const dylx = params.get('dylx') ?? '';
  const yhlx = params.get('yhlx') ?? '0';
  const sfqy = params.get('sfqy') ?? '1';
  // The spec carries no appointment flag into /selapp; one in the query is passed on, else online ('0').
  const appointment = isAppointmentApplication(params.get('appointment')) ? '1' : '0';
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const list = useRemote(async () => dataOf(await api.initSel({ xzqdm, dylx, yhlx, sfqy })).selList, [xzqdm, dylx, yhlx, sfqy]);
  const parents = list.data ?? [];
  const active = parents.find((parent) => parent.Id === activeId) ?? parents[0];

  async function open(business: Prodef) {
    if (checking) return;
    if (business.yhlx === ENTERPRISE_BUSINESS) {
      setChecking(true);
      let usertype: string | undefined;
      const checked = await submitWithFeedback(
        async () => {
          const reply = await api.getUserType({ openid });
          if (!errcodeOk(reply) || !reply.data) return reply.errmsg || NETWORK_ERROR;
          usertype = reply.data.usertype;
          return null;
        },
        { onSettled: () => setChecking(false) },
      );
      if (!checked) return;
      if (usertype === INDIVIDUAL_ACCOUNT) {
        await showAlert(ENTERPRISE_BUSINESS_REFUSED);
        return;
      }
    }
    navigate(href(paths.apply, { appointment, id: business.id, name: business.prodef_name, djlx: business.djlx, qllx: business.qllx, code: business.code, xzqdm }));
  }

  return (
    <HallPage title="业务选择" className="hall-choice hall-choice--split">
      <RemoteBody remote={list}>
        {() =>
          active ? (
            <div className="hall-choice-split">
              <nav className="hall-choice-parents" aria-label="业务分类">
                {parents.map((parent) => (
                  <button
                    key={parent.Id}
                    type="button"
                    className={parent === active ? 'hall-choice-parent is-active' : 'hall-choice-parent'}
                    aria-current={parent === active ? 'true' : undefined}
                    onClick={() => setActiveId(parent.Id)}
                  >
                    {parent.Prodef_name}
                  </button>
                ))}
              </nav>
              <ul className="hall-choice-businesses" aria-label={active.Prodef_name}>
                {active.Prodefs.map((business) => (
                  <li key={business.id}>
                    <button type="button" className="hall-choice-business" onClick={() => void open(business)}>
                      <span className="hall-choice-business__name">{business.prodef_name}</span>
                      {business.yhlx === ENTERPRISE_BUSINESS ? <span className="hall-choice-business__tag">企业</span> : null}
                      <RightOutline className="hall-choice-business__arrow" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <EmptyState description="该地区暂无可办理的业务" fullPage />
          )
        }
      </RemoteBody>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { BusinessPage as Component };
