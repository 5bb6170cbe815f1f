import { statOk } from '@hall/api/browser';
import { EmptyState } from '@hall/ui';
import { useSearchParams } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useRemote } from '@hall/app';
import { statData } from './queue-data';
import { QueueLinkItem } from './queue-link-item';
import './queue.css';

/** /queue/business?comID: the business groups of a hall, each with what it handles; one leads to its day and time. */
export function QueueBusinessPage() {
  const [params] = useSearchParams();
  const comID = params.get('comID') ?? '';
  const groups = useRemote(async () => {
    const [groupReply, businessReply] = await Promise.all([api.queueGroups({ comID }), api.queueBusinesses({ comID })]);
    const list = statData(groupReply);
    // The businesses only describe a group: without them the groups still work.
    const businesses = statOk(businessReply) ? (businessReply.data ?? []) : [];
    return list.map((group) => ({ ...group, businesses: businesses.filter((b) => b.groupId === group.id).map((b) => b.name) }));
  }, [comID]);

  return (
    <HallPage title="选择业务" backTo={paths.queue} className="hall-queue">
      <RemoteList remote={groups} empty={<EmptyState description="该办事大厅暂无可办理的业务" />}>
        {(items) => (
          <ul className="hall-queue__list" aria-label="业务类型">
            {items.map((group) => (
              <li key={group.id}>
                <QueueLinkItem
                  to={href(paths.queueTime, { comID, groupId: group.id })}
                  title={group.name}
                  lead={
                    <span className="hall-queue__prefix" aria-hidden>
                      {group.prefix}
                    </span>
                  }
                >
                  {group.remark ? <span className="hall-queue__line">{group.remark}</span> : null}
                  {group.businesses.length > 0 ? <span className="hall-queue__line is-weak">可办理：{group.businesses.join('、')}</span> : null}
                </QueueLinkItem>
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { QueueBusinessPage as Component };
