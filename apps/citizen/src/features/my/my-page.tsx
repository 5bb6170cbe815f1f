import { maskMobileNumber, showsMyBusiness } from '@hall/domain/internal';
import { Avatar, Badge, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ElderModeItem } from '../../components/elder-mode-switch';
import { HallTabBar } from '../../components/hall-tab-bar';
import { paths } from '../../config/paths';
import { useSession } from '../../stores/session';
import { useGuardedNavigation } from '../../lib/use-guarded-navigation';
import { useUnreadMessages } from '../../lib/use-unread-messages';
import './my-page.css';

/** The personal centre /my (spec part 1 §2). */
export function MyPage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const open = useGuardedNavigation();
  const [businessOpen, setBusinessOpen] = useState(false);
  const unread = useUnreadMessages();
  const verified = user?.realNameAuthentication === 1 || user?.isRealNameAuth === 'true';
  const contact = user?.mobile ? maskMobileNumber(user.mobile) : user?.account || '未绑定手机号';

  return (
    <div className="hall-my hall-with-tab-bar">
      <section className="hall-my__profile">
        <Avatar src={user?.headimgurl ?? ''} className="hall-my__avatar" />
        <div className="hall-my__who">
          <div className="hall-my__name">
            {user?.nickname || user?.name || '市民'}
            {verified && (
              <Tag color="success" fill="solid" className="hall-my__badge">
                已实名
              </Tag>
            )}
          </div>
          <div className="hall-my__contact">{contact}</div>
        </div>
      </section>

      <List className="hall-my__cells">
        <List.Item onClick={() => navigate(paths.userInfo)} description={user?.mobile ? '个人信息与实名认证' : '完善个人信息后可办理业务'}>
          {user?.mobile ? '手机绑定' : '账号信息'}
        </List.Item>
        {showsMyBusiness(user?.XZQDM) && (
          <>
            <List.Item onClick={() => setBusinessOpen((v) => !v)} arrowIcon={businessOpen ? '▾' : undefined} aria-expanded={businessOpen}>
              我的业务
            </List.Item>
            {businessOpen && (
              <>
                <List.Item className="hall-my__sub" onClick={() => void open({ url: paths.prodoing })}>
                  网上申请记录
                </List.Item>
                <List.Item className="hall-my__sub" onClick={() => void open({ url: paths.querycertrecord })}>
                  产权查询记录
                </List.Item>
              </>
            )}
          </>
        )}
        <List.Item onClick={() => navigate(paths.messages)} extra={unread > 0 ? <Badge content={unread} aria-label={`${unread}条未读`} /> : undefined}>
          消息中心
        </List.Item>
        <ElderModeItem />
        <List.Item onClick={() => navigate(paths.myRatings)}>我的评价</List.Item>
        <List.Item onClick={() => navigate(paths.feedBackList)}>意见反馈</List.Item>
        <List.Item onClick={() => navigate(paths.contactUs)}>联系我们</List.Item>
      </List>

      <List className="hall-my__cells">
        <List.Item onClick={() => navigate(paths.logout)} arrowIcon={false} className="hall-my__logout">
          退出登录
        </List.Item>
      </List>
      <HallTabBar />
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { MyPage as Component };
