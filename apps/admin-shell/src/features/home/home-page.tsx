import { Button, Grid } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ConsolePage } from '../../components/console-page';
import { entriesFor, homeTitleFor } from '../../config/console-menu';
import { useShell } from '../../stores/shell';
import './home-page.css';

/** The home (管理员首页 for an administrator): the hall at a glance and the screens the operator's roles open. */
export function ConsoleHomePage() {
  const { stat, app, me, refresh } = useShell();
  const navigate = useNavigate();
  const entries = entriesFor(me?.roles ?? []);
  const cards = stat
    ? [
        { label: '注册市民', value: stat.citizens },
        { label: '已实名认证', value: stat.verifiedCitizens },
        { label: '待回复意见', value: stat.feedbackWaiting, alert: stat.feedbackWaiting > 0 },
        { label: '意见反馈总数', value: stat.feedbackTotal },
        { label: '查询处理中', value: stat.queriesPending, alert: stat.queriesPending > 0 },
        { label: '今日查询', value: stat.queriesToday },
      ]
    : [];
  return (
    <ConsolePage title={homeTitleFor(me?.roles ?? [])} onBack={null} onRefresh={() => void refresh()}>
      <p className="admin-welcome">
        {app?.appname ?? '不动产登记网上办事大厅'} · {me?.displayName}
      </p>
      <Grid columns={2} gap={12} className="admin-cards">
        {cards.map((card) => (
          <Grid.Item key={card.label} className={card.alert ? 'admin-card admin-card--alert' : 'admin-card'}>
            <div className="admin-card__value">{card.value}</div>
            <div className="admin-card__label">{card.label}</div>
          </Grid.Item>
        ))}
      </Grid>
      <nav className="admin-menu" aria-label="业务办理">
        {entries.map((entry) => (
          <button key={entry.path} type="button" className="admin-menu__item" onClick={() => navigate(entry.path)}>
            <span className="admin-menu__title">{entry.title}</span>
            <span className="admin-menu__description">{entry.description}</span>
          </button>
        ))}
      </nav>
      {!entries.length && <p className="shell-note">您的账号暂无可办理的业务，请联系系统管理员分配角色。</p>}
      <div className="admin-actions">
        <Button block onClick={() => void refresh()}>
          刷新数据
        </Button>
      </div>
    </ConsolePage>
  );
}
export { ConsoleHomePage as Component };
