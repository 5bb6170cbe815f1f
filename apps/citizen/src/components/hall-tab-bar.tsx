import { TabBar } from 'antd-mobile';
import { AppOutline, UserOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useUnreadMessages } from '../lib/use-unread-messages';
import './hall-tab-bar.css';

const tabs = [
  { key: paths.home, title: '办事大厅', icon: <AppOutline /> },
  { key: paths.my, title: '个人中心', icon: <UserOutline /> },
];

/** The bottom tabs between the hall and the personal centre; `active` names the tab when the address does not (/waiting). */
export function HallTabBar({ active: shown }: { active?: string } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadMessages();
  const active = shown ?? (location.pathname === paths.mine ? paths.my : location.pathname);
  return (
    <nav className="hall-tab-bar" aria-label="主导航">
      <TabBar activeKey={active} onChange={(key) => navigate(key)} safeArea>
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            title={tab.title}
            badge={tab.key === paths.my && unread > 0 ? unread : undefined}
            aria-label={tab.key === paths.my && unread > 0 ? `${tab.title}，${unread}条未读消息` : undefined}
          />
        ))}
      </TabBar>
    </nav>
  );
}
