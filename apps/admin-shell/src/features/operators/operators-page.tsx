import { operatorRoleTitle } from '@hall/domain';
import { errcodeOk, replyMessage, type OperatorAccount } from '@hall/api/browser';
import { dataOf, submitWithFeedback } from '@hall/app';
import { showConfirm, showSuccess } from '@hall/ui';
import { Button, Popup, Tag } from 'antd-mobile';
import { useState } from 'react';
import { DataTable, type Column } from '../../components/data-table';
import { api } from '../../lib/hall';
import { OperatorForm, type OperatorFormMode, type OperatorFormValues } from './operator-form';
import { OperatorSitesForm, siteNames } from './operator-sites';
import { LoadStatus } from '../../components/load-status';
import './operators.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';

type Editing = { mode: OperatorFormMode; account?: OperatorAccount } | null;

function stateOf(account: OperatorAccount): { text: string; color: string } {
  if (account.disabled) return { text: '已停用', color: 'default' };
  if (account.locked) return { text: '已锁定', color: 'danger' };
  if (account.mustChangePassword) return { text: '待改密码', color: 'warning' };
  return { text: '正常', color: 'success' };
}

/** 账号管理: the hall's operator accounts, their roles and state; new accounts, changes and password resets. */
export function OperatorsPage() {
  const accounts = useConsoleRemote(async () => dataOf(await api.listOperators({})).items, []);
  const [editing, setEditing] = useState<Editing>(null);
  const served = useConsoleRemote(async () => dataOf(await api.listServedSites({})), []);
  const [sitesOf, setSitesOf] = useState<OperatorAccount | null>(null);
  const ownSites = (account: OperatorAccount) => served.data?.accounts.find((item) => item.id === account.id)?.sites ?? [];

  const save = async (values: OperatorFormValues): Promise<string | null> => {
    // A network failure is the form's to say (useFormSubmit); a refusal is answered here.
    const account = editing?.account;
    const reply =
      editing?.mode === 'create'
        ? await api.createOperator({ username: values.username, displayName: values.displayName, roles: values.roles, password: values.password })
        : editing?.mode === 'edit'
          ? await api.updateOperator({ id: account!.id, displayName: values.displayName, roles: values.roles, disabled: values.disabled })
          : await api.resetOperatorPassword({ id: account!.id, password: values.password });
    if (!errcodeOk(reply)) return replyMessage(reply);
    showSuccess(replyMessage(reply) || '已保存');
    setEditing(null);
    await accounts.reload();
    return null;
  };

  // A lost phone or a person who left: the WeChat no longer opens this account's console.
  const unbindWechat = async (account: OperatorAccount) => {
    const confirmed = await showConfirm(`解除后，${account.displayName}不能再用已绑定的微信登录管理端，确定解除吗？`, { confirmText: '解除绑定' });
    if (!confirmed) return;
    const done = await submitWithFeedback(async () => {
      const reply = await api.unbindOperatorWechatOf({ id: account.id });
      return errcodeOk(reply) ? null : replyMessage(reply);
    });
    if (!done) return;
    showSuccess('已解除微信绑定');
    await accounts.reload();
  };

  const columns: Column<OperatorAccount>[] = [
    { key: 'name', title: '姓名', primary: true, render: (a) => `${a.displayName}（${a.username}）`, sortValue: (a) => a.username },
    { key: 'roles', title: '角色', render: (a) => a.roles.map(operatorRoleTitle).join('、'), sortValue: (a) => a.roles.map(operatorRoleTitle).join('、') },
    {
      key: 'state',
      title: '状态',
      render: (a) => {
        const state = stateOf(a);
        return <Tag color={state.color}>{state.text}</Tag>;
      },
    },
    { key: 'sites', title: '服务网点', render: (a) => (served.data ? siteNames(served.data.sites, ownSites(a)) : '') },
    { key: 'wechat', title: '微信', render: (a) => (a.wechatBound ? '已绑定' : '未绑定') },
    { key: 'last', title: '最近登录', render: (a) => a.lastSignInAt || '从未登录', sortValue: (a) => a.lastSignInAt || null },
    {
      key: 'actions',
      title: '操作',
      render: (a) => (
        <span className="operators__actions">
          <Button size="small" onClick={() => setEditing({ mode: 'edit', account: a })} aria-label={`修改 ${a.displayName}`}>
            修改
          </Button>
          <Button size="small" onClick={() => setEditing({ mode: 'reset', account: a })} aria-label={`重置 ${a.displayName} 的密码`}>
            重置密码
          </Button>
          <Button size="small" onClick={() => setSitesOf(a)} aria-label={`设置 ${a.displayName} 的服务网点`} disabled={!served.data}>
            服务网点
          </Button>
          {a.wechatBound && (
            <Button size="small" onClick={() => void unbindWechat(a)} aria-label={`解除 ${a.displayName} 的微信绑定`}>
              解除微信
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <ConsolePage title="账号管理" onRefresh={accounts.reload}>
      <div className="shell-toolbar">
        <Button color="primary" onClick={() => setEditing({ mode: 'create' })}>
          新增账号
        </Button>
        <span className="shell-note">新账号和重置后的密码是临时密码，本人须在72小时内登录并修改；重置密码会解除该账号的微信绑定。</span>
      </div>
      <LoadStatus loaded={accounts} />
      {accounts.data && <DataTable label="管理人员账号" columns={columns} rows={accounts.data} rowKey={(a) => a.id} paged />}
      <Popup visible={editing !== null} onMaskClick={() => setEditing(null)} bodyClassName="operators__popup" destroyOnClose>
        {editing && <OperatorForm key={`${editing.mode}-${editing.account?.id ?? 'new'}`} mode={editing.mode} account={editing.account} onSubmit={save} onCancel={() => setEditing(null)} />}
      </Popup>
      <Popup visible={sitesOf !== null} onMaskClick={() => setSitesOf(null)} bodyClassName="operators__popup" destroyOnClose>
        {sitesOf && served.data && (
          <OperatorSitesForm
            account={sitesOf}
            sites={served.data.sites}
            current={ownSites(sitesOf)}
            onCancel={() => setSitesOf(null)}
            onSaved={() => {
              setSitesOf(null);
              void served.reload();
            }}
          />
        )}
      </Popup>
    </ConsolePage>
  );
}
export { OperatorsPage as Component };
