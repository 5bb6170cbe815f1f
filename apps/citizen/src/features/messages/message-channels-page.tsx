import { errcodeOk, type NotifyChannels } from '@hall/api/browser';
import { showConfirm } from '@hall/ui';
import { List, Switch, Toast } from 'antd-mobile';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { LOAD_FAILED_TRY_LATER, useRemote } from '@hall/app';
import { useSession } from '../../stores/session';

/** Asked before WeChat messages are turned on: WeChat sends them only with the citizen's consent. */
export const WECHAT_CONSENT = '开启后，办事大厅将通过微信公众号向您发送审核结果、预约和回复等通知。是否同意接收？';

/** /my/messageChannels: the channels messages come by besides the 消息中心 (always on): SMS and WeChat. */
export function MessageChannelsPage() {
  const openid = useSession((s) => s.user?.openid ?? '');
  const channels = useRemote(async () => {
    const reply = await api.getNotifyChannels({ openid });
    if (!errcodeOk(reply) || !reply.data) throw new Error(reply.errmsg || LOAD_FAILED_TRY_LATER);
    return reply.data;
  }, [openid]);

  async function change(next: NotifyChannels) {
    if (next.wechat && !channels.data?.wechat && !(await showConfirm(WECHAT_CONSENT, { title: '微信通知' }))) return;
    const reply = await api.saveNotifyChannels({ openid, ...next });
    if (!errcodeOk(reply)) {
      Toast.show({ content: reply.errmsg || '保存失败，请稍后再试' });
      return;
    }
    Toast.show({ content: '保存成功' });
    channels.reload();
  }

  const data = channels.data;
  return (
    <HallPage title="接收设置" backTo={paths.messages}>
      {channels.loading && !data ? (
        <LoadingState />
      ) : channels.error ? (
        <ErrorState message={channels.error} onRetry={() => void channels.reload()} />
      ) : data ? (
        <List header="消息中心始终接收全部通知，您还可以选择：">
          <List.Item description="发送到您个人信息中的手机号" extra={<Switch checked={data.sms} aria-label="短信通知" onChange={(sms) => void change({ ...data, sms })} />}>
            短信通知
          </List.Item>
          <List.Item description="通过微信公众号发送" extra={<Switch checked={data.wechat} aria-label="微信通知" onChange={(wechat) => void change({ ...data, wechat })} />}>
            微信通知
          </List.Item>
        </List>
      ) : null}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { MessageChannelsPage as Component };
