import { errcodeOk } from '@hall/api/browser';
import { EmptyState } from '@hall/ui';
import { Badge, Button } from 'antd-mobile';
import { RightOutline, SetOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import '../../components/item-card.css';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { LOAD_FAILED_TRY_LATER, useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import './messages.css';

/** /my/messages, the 消息中心: the citizen's messages, newest first, unread marked; 全部已读 and the channels. */
export function MessagesPage() {
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const list = useRemote(async () => {
    const reply = await api.listMessages({ openid, page: 1 });
    if (!errcodeOk(reply) || !reply.data) throw new Error(reply.errmsg || LOAD_FAILED_TRY_LATER);
    return reply.data.items;
  }, [openid]);
  const unread = list.data?.filter((item) => !item.read).length ?? 0;

  async function readAll() {
    const reply = await api.readAllMessages({ openid });
    if (errcodeOk(reply)) list.reload();
  }

  return (
    <HallPage title="消息中心" backTo={paths.my} className="hall-messages" action={{ label: '接收设置', icon: <SetOutline />, onClick: () => navigate(paths.messageChannels) }}>
      {unread > 0 && (
        <div className="hall-messages__bar">
          <span>{unread}条未读</span>
          <Button size="small" fill="none" color="primary" onClick={() => void readAll()}>
            全部已读
          </Button>
        </div>
      )}
      <RemoteList remote={list} empty={<EmptyState description="暂无消息，审核结果、预约和回复会在这里通知您" fullPage />}>
        {(items) => (
          <ul className="hall-messages__list" aria-label="我的消息">
            {items.map((item) => (
              <li key={item.id}>
                <button type="button" className="hall-item-card hall-message-item" onClick={() => navigate(href(paths.message, { id: item.id }))}>
                  <span className="hall-message-item__body">
                    <span className="hall-item-title hall-message-item__title">
                      {!item.read && <Badge content={Badge.dot} className="hall-message-item__dot" aria-label="未读" />}
                      {item.title}
                    </span>
                    <span className="hall-message-item__text">{item.body}</span>
                    <span className="hall-message-item__time">{item.time}</span>
                  </span>
                  <RightOutline className="hall-message-item__arrow" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { MessagesPage as Component };
