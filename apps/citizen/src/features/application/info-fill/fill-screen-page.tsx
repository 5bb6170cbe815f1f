import { FILL_SCREEN_PROGRESS_STEP } from '@hall/domain';
import { ApplySteps, EmptyState } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { HallPage } from '../../../components/hall-page';
import { RemoteView } from '../../../components/remote-view';
import { href, paths } from '../../../config/paths';
import { useRemote, APPLICATION_NOT_FOUND } from '@hall/app';
import { useSession } from '../../../stores/session';
import { loadApplicationWithTitle } from './application-data';
import { CancellationForm } from './cancellation-form';
import { asFillScreen, type FillQuery } from './fill-layout';
import { ManagedFillSections, passesApplicationCheck } from './managed-sections';
import './info-fill.css';

/**
 * Every information-fill screen under /info (/info/infofill, infofillydy, infofillzxdj …): one
 * component whose sections come from the domain's table for the route's screen name, the panel
 * rules of the application and the business's titles (spec part 2 §2, §4, §8).
 */
export function FillScreenPage() {
  const { screen: screenName } = useParams();
  const screen = asFillScreen(screenName);
  const [params] = useSearchParams();
  const applicationId = params.get('id') || params.get('slsqId') || '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();

  const remote = useRemote(() => loadApplicationWithTitle(openid, applicationId), [applicationId, openid]);

  if (!screen) {
    return (
      <HallPage title="权利信息填写">
        <EmptyState description="页面不存在" fullPage />
      </HallPage>
    );
  }

  const proinst = remote.data?.detail.proinst;
  const query: FillQuery = {
    applicationId,
    djlx: proinst?.djlx ?? params.get('djlx') ?? '',
    qllx: proinst?.qllx ?? params.get('qllx') ?? '',
    code: params.get('code') ?? '',
    appointment: proinst?.appointment ?? params.get('appointment') ?? '0',
  };
  const uploadHref = href(paths.upload, { slsqId: applicationId, djlx: query.djlx, qllx: query.qllx, appointment: query.appointment });

  async function next() {
    if (await passesApplicationCheck(openid, applicationId)) navigate(uploadHref);
  }

  const isCancellation = screen === 'infofillzxdj';
  const data = remote.data;
  return (
    <HallPage
      title="权利信息填写"
      className="hall-info-fill"
      footer={
        data && !isCancellation ? (
          <div className="hall-info-fill__footer">
            <Button block color="primary" size="large" onClick={() => void next()}>
              下一步
            </Button>
          </div>
        ) : undefined
      }
    >
      <div className="hall-info-fill__steps">
        <ApplySteps current={FILL_SCREEN_PROGRESS_STEP} />
      </div>
      <RemoteView remote={remote} notFound={APPLICATION_NOT_FOUND}>
        {(data) =>
          isCancellation ? (
            <CancellationForm detail={data.detail} query={query} uploadHref={uploadHref} />
          ) : (
            <ManagedFillSections screen={screen} detail={data.detail} title={data.title} query={query} onChanged={remote.reload} />
          )
        }
      </RemoteView>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { FillScreenPage as Component };
