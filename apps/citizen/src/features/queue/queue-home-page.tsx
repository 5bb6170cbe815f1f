import { EmptyState } from '@hall/ui';
import { Badge, NoticeBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useElderMode } from '../../lib/elder-mode';
import { useRemote } from '@hall/app';
import { NOT_AVAILABLE, statData } from './queue-data';
import { QueueLinkItem } from './queue-link-item';
import './queue.css';

/** /queue (排队取号): the module's news, the halls that hand out numbers, and the citizen's own numbers (spec part 3 §2.6). */
export function QueueHomePage() {
  const companies = useRemote(async () => statData(await api.queueCompanies({})), []);
  const news = useRemote(async () => statData(await api.queueNewsList({})), []);
  const count = useRemote(async () => statData(await api.queueOrderCount({})), []);
  // 长辈模式: the news stand still and wrap instead of scrolling past.
  const elder = useElderMode((s) => s.on);

  return (
    <HallPage title="排队取号" className="hall-queue">
      {news.data && news.data.length > 0 ? <NoticeBar className="hall-queue__notice" content={news.data.map((item) => `${item.title}：${item.content}`).join('　')} color="info" wrap={elder} /> : null}
      <Link className="hall-card hall-queue__mine" to={paths.queueOrders}>
        <span>我的取号</span>
        <span className="hall-queue__mine-count">
          {count.data && count.data.valid > 0 ? <Badge content={`${count.data.valid} 个待办理`} /> : null}
          <RightOutline aria-hidden />
        </span>
      </Link>
      <h2 className="hall-queue__heading">选择办事大厅</h2>
      <RemoteList remote={companies} empty={<EmptyState description="暂无可取号的办事大厅" />}>
        {(items) => (
          <ul className="hall-queue__list" aria-label="办事大厅">
            {items.map((company) => (
              <li key={company.id}>
                <QueueLinkItem to={href(paths.queueBusiness, { comID: company.id })} title={company.name}>
                  <span className="hall-queue__line">地址：{company.address || NOT_AVAILABLE}</span>
                  <span className="hall-queue__line">办公时间：{company.worktime || NOT_AVAILABLE}</span>
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
export { QueueHomePage as Component };
