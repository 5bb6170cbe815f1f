import { licencePreviewPath, replyMessage, stateOk, type QueryRecordItem } from '@hall/api/browser';
import { QUERY_STATE_FOUND, isQueryRecordClickable, type QueryRecordKind } from '@hall/domain';
import { EmptyState, RecordState } from '@hall/ui';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RatingEntry } from '../../components/rating-entry';
import { PullRemoteList, refreshAction } from '../../components/remote-view';
import '../../components/item-card.css';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { LOAD_FAILED_TRY_LATER, submitWithFeedback, useRemote } from '@hall/app';
import { useRatingStates } from '../../lib/use-rating-states';
import { useSession } from '../../stores/session';
import { QUERY_SCREENS, RECORD_SCREENS, screenAt, type RecordScreen } from './query-screens';
import { VerdictBadge } from './verdict-badge';
import './queries.css';

/** /record, /dzzzrecord and /dzzzverificationrecord: one list, the screen read off the path. */
export function RecordListPage() {
  const { pathname } = useLocation();
  const screen = screenAt(RECORD_SCREENS, pathname);
  if (!screen) return <Navigate to={paths.notFound} replace />;
  return <RecordList key={screen.kind} screen={screen} />;
}

async function loadRecords(kind: QueryRecordKind, openid: string): Promise<QueryRecordItem[]> {
  const reply = kind === 'certificate' ? await api.getZsRecord({ openid }) : kind === 'licence' ? await api.dzzzRecord({ openid }) : await api.dzzzVerification({ openid });
  if (!stateOk(reply)) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data ?? [];
}

function RecordList({ screen }: { screen: RecordScreen }) {
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const records = useRemote(() => loadRecords(screen.kind, openid), [screen.kind, openid]);
  const queryScreen = screen.kind === 'verification' ? null : QUERY_SCREENS[screen.kind];
  const ratings = useRatingStates('query', records.data, (record) => record.ID);

  async function open(record: QueryRecordItem) {
    if (!isQueryRecordClickable(screen.kind, record.state)) return;
    if (screen.kind !== 'verification') {
      navigate(href(paths.pdfView, { PDFurl: licencePreviewPath(record.ID) }));
      return;
    }
    // A verification record opens its uploaded file, at the address the server gives.
    let path = '';
    const found = await submitWithFeedback(async () => {
      const reply = await api.getDzzzyqPdf({ openid, id: record.ID });
      if (!stateOk(reply) || !reply.data?.path) return replyMessage(reply, LOAD_FAILED_TRY_LATER);
      path = reply.data.path;
      return null;
    });
    if (found) navigate(href(paths.pdfView, { PDFurl: path }));
  }

  return (
    <HallPage title={screen.title} backTo={screen.backTo} className="hall-records" action={refreshAction(records)}>
      <PullRemoteList
        remote={records}
        empty={
          <EmptyState description={screen.empty} fullPage>
            {queryScreen ? (
              <Button color="primary" size="small" onClick={() => navigate(queryScreen.path)}>
                去查询
              </Button>
            ) : (
              <Button color="primary" size="small" onClick={() => navigate(paths.dzzzverification)}>
                去验签
              </Button>
            )}
          </EmptyState>
        }
      >
        {(list) => (
          <ul className="hall-records__list" aria-label={screen.title}>
            {list.map((record) => {
              const clickable = isQueryRecordClickable(screen.kind, record.state);
              const verification = screen.kind === 'verification';
              const rows = (
                <>
                  <dl className="hall-records__rows">
                    <div className="hall-records__row">
                      <dt>查询编号</dt>
                      <dd>{record.ID}</dd>
                    </div>
                    {verification ? (
                      <div className="hall-records__row">
                        <dt>文件名称</dt>
                        <dd className="hall-records__file">{record.filename || '—'}</dd>
                      </div>
                    ) : null}
                    <div className="hall-records__row">
                      <dt>查询时间</dt>
                      <dd>{record.searchtime}</dd>
                    </div>
                    {!verification && record.qzh ? (
                      <div className="hall-records__row">
                        <dt>不动产权证号</dt>
                        <dd className="hall-records__file">{record.qzh}</dd>
                      </div>
                    ) : null}
                    {verification && String(record.state) === QUERY_STATE_FOUND ? (
                      <div className="hall-records__row">
                        <dt>验签结果</dt>
                        <dd>
                          <VerdictBadge verdict={record.verdict} text={record.state_msg} />
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                  <span className="hall-records__state">
                    <span className="hall-records__state-label">查询结果</span>
                    <RecordState state={record.state} variant={screen.kind} />
                  </span>
                </>
              );
              return (
                <li key={record.ID}>
                  {clickable ? (
                    <button type="button" className="hall-item-card hall-records__item is-clickable" onClick={() => void open(record)}>
                      {rows}
                      <RightOutline className="hall-records__arrow" aria-hidden />
                    </button>
                  ) : (
                    <div className="hall-item-card hall-records__item">
                      {rows}
                      <span className="hall-records__arrow is-placeholder" aria-hidden />
                    </div>
                  )}
                  <RatingEntry kind="query" serviceId={record.ID} state={ratings.get(record.ID)} />
                </li>
              );
            })}
          </ul>
        )}
      </PullRemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { RecordListPage as Component };
