import { errcodeOk } from '@hall/api/browser';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { EmptyWithStep } from '../../components/empty-with-step';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useAlertOnce } from '../../lib/use-alert-once';
import { useRemote, NotFoundError } from '@hall/app';
import { useSession } from '../../stores/session';
import './messages.css';

const MESSAGE_NOT_FOUND = '该消息不存在或已删除';

/** /my/message?id: one message, marked read as it opens, with 查看详情 to what it is about. */
export function MessagePage() {
  const id = useSearchParams()[0].get('id') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const message = useRemote(async () => {
    if (!id) throw new NotFoundError(MESSAGE_NOT_FOUND);
    const reply = await api.openMessage({ openid, id });
    if (!errcodeOk(reply) || !reply.data) throw new NotFoundError(reply.errmsg || MESSAGE_NOT_FOUND);
    return reply.data;
  }, [id, openid]);
  const noData = message.failure?.kind === 'not-found';
  useAlertOnce(noData ? message.error : null);
  const data = message.data;

  return (
    <HallPage title="消息详情" backTo={paths.messages} className="hall-messages">
      {message.loading && !data ? (
        <LoadingState />
      ) : noData ? (
        <EmptyWithStep description={message.error} step="返回消息中心" to={paths.messages} replace />
      ) : message.error ? (
        <ErrorState message={message.error} onRetry={() => void message.reload()} />
      ) : data ? (
        <section className="hall-card" aria-labelledby="message-title">
          <h2 id="message-title" className="hall-card__title">
            {data.title}
          </h2>
          <p className="hall-message-detail__time">{data.time}</p>
          <p className="hall-message-detail__text">{data.body}</p>
          {data.link && (
            <Button block color="primary" onClick={() => navigate(data.link)}>
              查看详情
            </Button>
          )}
        </section>
      ) : null}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { MessagePage as Component };
