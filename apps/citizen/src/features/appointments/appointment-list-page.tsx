import type { CallOutput } from '@hall/api/browser';
import { REGISTRATION_TYPES, REVIEW_OPINION_PLACEHOLDER, REVIEW_STATUS, applicationNumberText, enumLabel, rejectionOpinionText, reviewStatusLabel, reviewTabOf } from '@hall/domain';
import { EmptyState } from '@hall/ui';
import { Link } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { dataOf, useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import { ApplicationCardRow } from '../../components/application-card';
import { RecordsLink } from './records-link';
import './appointments.css';

export const NO_APPOINTMENTS = '暂无任何相关结果！';

type Entry = NonNullable<CallOutput<'getYuyueApplyList'>['data']>[number];

/** /yuyue (在线预约): the citizen's submitted applications; 预约 books one, 查看预约单 opens its slip (spec part 3 §2.4). */
export function AppointmentListPage() {
  const openid = useSession((s) => s.user?.openid) ?? '';
  const list = useRemote(async () => dataOf(await api.getYuyueApplyList({ openid })), [openid]);

  return (
    <HallPage title="在线预约" className="hall-appointments">
      <RecordsLink />
      <RemoteList remote={list} empty={<EmptyState description={NO_APPOINTMENTS} fullPage />}>
        {(entries) => (
          <ul className="hall-applications__list" aria-label="可预约的申请">
            {entries.map((entry) => (
              <li key={entry.id}>
                <AppointmentEntry entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </HallPage>
  );
}

function AppointmentEntry({ entry }: { entry: Entry }) {
  // shzt 11 or 21: rejected, with the opinion (part 3 §2.4).
  const rejected = reviewTabOf(entry.shzt) === 'rejected';
  const opinion = rejected ? rejectionOpinionText(entry.pro_slxmsh, entry.shzt) : null;
  const draft = entry.shzt === REVIEW_STATUS.notSubmitted;
  const bookable = entry.iskyy === 'true';
  const djlxName = entry.djlx_name || enumLabel(REGISTRATION_TYPES, entry.djlx) || '';
  return (
    <article className="hall-card hall-application" aria-label={entry.name}>
      <div className="hall-application__head">
        <h2 className="hall-application__name">{entry.name}</h2>
        {bookable ? (
          <Link className="hall-appointment__action" to={href(paths.yuyueForm, { proinstid: entry.id, prolsh: entry.prolsh })}>
            预约
          </Link>
        ) : (
          <Link className="hall-appointment__action is-secondary" to={href(paths.yuyueDetail, { orderid: entry.orderid, djlx: djlxName })}>
            查看预约单
          </Link>
        )}
      </div>
      <ApplicationCardRow label="申请编号">{applicationNumberText(entry.prolsh)}</ApplicationCardRow>
      <ApplicationCardRow label="业务类型">{djlxName}</ApplicationCardRow>
      <ApplicationCardRow label="办理地点">{entry.areaname}</ApplicationCardRow>
      <ApplicationCardRow label="审核状态">{reviewStatusText(entry.shzt)}</ApplicationCardRow>
      {opinion !== null ? (
        <div className="hall-application__row hall-application__opinion">
          <span className="hall-application__label">驳回意见：</span>
          <span className={`hall-application__opinion-text${opinion === REVIEW_OPINION_PLACEHOLDER ? ' is-none' : ''}`}>{opinion}</span>
        </div>
      ) : null}
      <ApplicationCardRow label="申请人">{entry.user_name}</ApplicationCardRow>
      <ApplicationCardRow label={draft ? '创建时间' : '提交时间'}>{draft ? entry.prostart : entry.tjsj || entry.prostart}</ApplicationCardRow>
    </article>
  );
}

function reviewStatusText(shzt: number): string {
  return reviewStatusLabel(shzt) || String(shzt);
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { AppointmentListPage as Component };
