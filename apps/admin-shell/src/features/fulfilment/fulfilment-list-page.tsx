import type { FulfilmentItem } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { loadQueue } from './fulfilment-api';
import { registryTryFields } from './registry-tries';
import './fulfilment.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { href, paths } from '../../config/paths';

function QueueItem({ item, onOpen }: { item: FulfilmentItem; onOpen: () => void }) {
  return (
    <li className="console-item">
      <button type="button" className="console-item__open" onClick={onOpen}>
        <span className="console-item__head">
          <Tag color="primary" fill="outline">
            {item.kindLabel}
          </Tag>
          <span className="console-item__title">{item.citizenName || '未填写姓名'}</span>
          {item.citizenIdcard && <span className="console-item__line">{item.citizenIdcard}</span>}
        </span>
        {item.asked.map((line) => (
          <span key={line.label} className="console-item__line">
            {line.label}：{line.value}
          </span>
        ))}
        <span className="console-item__line console-item__time">提交时间：{item.askedAt}</span>
        {registryTryFields(item).map(([label, value]) => (
          <span key={label} className="console-item__line fulfilment-warning">
            {label}：{value}
          </span>
        ))}
      </button>
    </li>
  );
}

/** 查询办理: the certificate, licence, archive and property queries no registry answers, oldest first. */
export function FulfilmentListPage() {
  const navigate = useNavigate();
  const loaded = useConsoleRemote(loadQueue, []);
  const items = (!loaded.loading && loaded.data) || null;
  return (
    <ConsolePage className="fulfilment-page" title="查询办理" loaded={loaded}>
      {items && items.length === 0 && <EmptyState className="console-empty" description="暂无待办理的查询" hint="市民提交的、登记系统未能答复的查询会出现在这里，点右上角可刷新" />}
      {items && items.length > 0 && (
        <ul className="console-list" aria-label="待办理的查询">
          {items.map((item) => (
            <QueueItem key={item.id} item={item} onOpen={() => navigate(href(paths.fulfilment.detail, { id: item.id }))} />
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}
export { FulfilmentListPage as Component };
