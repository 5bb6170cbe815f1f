import { FILL_SCREEN_PROGRESS_STEP, INQUIRY_RECORD_PATH, ownershipLabel } from '@hall/domain';
import { ApplySteps } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { HallPage } from '../../../components/hall-page';
import { href } from '../../../config/paths';
import { APPLICATION_NOT_FOUND, useRemote } from '@hall/app';
import { useSession } from '../../../stores/session';
import { ManagedFillSections } from '../info-fill/managed-sections';
import { RemoteView } from '../../../components/remote-view';
import { loadCaseStatements, signDataOf } from './statement-data';
import './statements.css';

/**
 * /info/infofillJc?slsqId (or id)&djlx&qllx&queryRes: the property of a transfer or certificate-change
 * case (spec part 3 §2.12, §2.17): certificate number, unit number and location, the ownership mode,
 * the applicants with their signatures; 下一步 opens the inquiry-record screen with signData.
 */
export function PropertyInfoPage() {
  const [params] = useSearchParams();
  const applicationId = params.get('slsqId') || params.get('id') || '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const remote = useRemote(() => loadCaseStatements(openid, applicationId), [openid, applicationId]);

  const data = remote.data;
  const djlx = data?.detail.proinst.djlx ?? params.get('djlx') ?? '';
  const qllx = data?.detail.proinst.qllx ?? params.get('qllx') ?? '';

  return (
    <HallPage
      title="不动产信息"
      className="hall-statement"
      footer={
        data ? (
          <div className="hall-statement__footer">
            <Button block color="primary" size="large" onClick={() => navigate(href(INQUIRY_RECORD_PATH, { djlx, qllx, slsqId: applicationId, signData: signDataOf(data.signatures) }))}>
              下一步
            </Button>
          </div>
        ) : undefined
      }
    >
      <div className="hall-statement__steps">
        <ApplySteps current={FILL_SCREEN_PROGRESS_STEP} />
      </div>
      <RemoteView remote={remote} notFound={APPLICATION_NOT_FOUND}>
        {(data) => {
          const house = data.bundle.houseInfo;
          const hasHouse = Boolean(house.bdcdyh || house.zl || house.qzh);
          return (
            <>
              <section className="hall-card hall-statement__section" aria-label="房屋信息">
                <h2 className="hall-card__title">房屋信息</h2>
                {hasHouse ? (
                  <dl className="hall-statement__facts">
                    <dt>不动产权证号</dt>
                    <dd>{house.qzh || '暂无'}</dd>
                    <dt>不动产单元号</dt>
                    <dd>{house.bdcdyh || '暂无'}</dd>
                    <dt>坐落</dt>
                    <dd>{house.zl || '暂无'}</dd>
                    <dt>共有方式</dt>
                    <dd>{ownershipLabel(data.detail.sqrs[0]?.sqr_gyfs ?? '0')}</dd>
                  </dl>
                ) : (
                  <p className="hall-statement__empty">暂无不动产单元信息，请在下方添加</p>
                )}
              </section>
              <ManagedFillSections
                screen="infofillJc"
                detail={data.detail}
                title={data.title}
                query={{ applicationId, djlx, qllx, code: params.get('code') ?? '', appointment: params.get('appointment') ?? data.detail.proinst.appointment }}
                onChanged={remote.reload}
              />
            </>
          );
        }}
      </RemoteView>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { PropertyInfoPage as Component };
