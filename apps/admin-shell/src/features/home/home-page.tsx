import { Button, Grid } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useShell } from '../../stores/shell';
import './home-page.css';

/** 管理员首页: the hall at a glance for the operator on duty. */
export function Component() {
  const { stat, app, refresh } = useShell();
  const navigate = useNavigate();
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
    <>
      <header className="shell-header">
        管理员首页
        <small>{app?.appname ?? '不动产登记网上办事大厅'}</small>
      </header>
      <Grid columns={2} gap={12} className="admin-cards">
        {cards.map((card) => (
          <Grid.Item key={card.label} className={card.alert ? 'admin-card admin-card--alert' : 'admin-card'}>
            <div className="admin-card__value">{card.value}</div>
            <div className="admin-card__label">{card.label}</div>
          </Grid.Item>
        ))}
      </Grid>
      <div className="admin-actions">
        <Button block color="primary" style={{ marginBottom: 12 }} onClick={() => navigate('/review')}>
          网上申请审核
        </Button>
        <Button block onClick={() => void refresh()}>
          刷新数据
        </Button>
      </div>
    </>
  );
}
