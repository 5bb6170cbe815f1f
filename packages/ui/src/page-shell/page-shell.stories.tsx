import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, List, TabBar } from 'antd-mobile';
import { AppOutline, UserOutline } from 'antd-mobile-icons';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { ApplySteps } from '../apply-steps/apply-steps';
import { BannerCarousel } from '../banner-carousel/banner-carousel';
import { MenuGroup } from '../menu-group/menu-group';
import { sampleBanners, sampleMenuGroups } from '../testing/fixtures';
import { PageShell } from './page-shell';

const meta = {
  title: 'Layout/PageShell',
  component: PageShell,
  args: { title: '进度查询', onBack: fn() },
} satisfies Meta<typeof PageShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const progress = [
  ['业务编号', '202406110001'],
  ['项目名称', '张三 房屋所有权转移登记'],
  ['登记类型', '转移登记'],
  ['受理时间', '2024-06-11 09:30'],
  ['办理进度', '审核'],
];

/** A page with a back arrow. */
export const WithBack: Story = {
  render: (args) => (
    <PageShell {...args}>
      <List header="查询结果">
        {progress.map(([label, value]) => (
          <List.Item key={label} extra={value}>
            {label}
          </List.Item>
        ))}
      </List>
    </PageShell>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('进度查询');
    fireEvent.click(canvas.getByRole('button', { name: '返回' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('main', { name: '进度查询' })).toBeInTheDocument();
  },
};

/** With a refresh icon on the right. */
export const WithRefresh: Story = {
  args: { title: '我的申请', onRefresh: fn() },
  render: WithBack.render,
  play: async ({ canvasElement, args }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: '刷新' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

/** A top-level page: no back arrow. */
export const TopLevel: Story = {
  args: { title: '不动产登记网上办事大厅', onBack: undefined },
  render: (args) => (
    <PageShell {...args}>
      <BannerCarousel items={sampleBanners} height={150} />
      {sampleMenuGroups.map((group) => (
        <MenuGroup key={group.id} title={group.title} items={group.items} />
      ))}
    </PageShell>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: '返回' })).toBeNull();
  },
};

/** A step of the application: the progress bar under the header and the next button at the bottom. */
export const ApplicationStep: Story = {
  args: { title: '权利信息填写' },
  render: (args) => (
    <PageShell
      {...args}
      subheader={<ApplySteps current={2} />}
      footer={
        <div style={{ padding: '10px 16px' }}>
          <Button block color="primary" size="large">
            下一步
          </Button>
        </div>
      }
    >
      <List header="不动产信息">
        <List.Item extra="冀(2024)邯郸市不动产权第0012345号">不动产权证号</List.Item>
        <List.Item extra="丛台区中华北大街100号3-2-501">坐落</List.Item>
        <List.Item extra="98.56㎡">建筑面积</List.Item>
        <List.Item extra="住宅">用途</List.Item>
      </List>
    </PageShell>
  ),
};

/** The administrator shell: the bottom tab bar with the hall and the personal centre. */
export const AdminShell: Story = {
  args: { title: '管理员首页', onBack: undefined },
  render: function Render(args) {
    const [tab, setTab] = useState('/');
    return (
      <PageShell
        {...args}
        title={tab === '/' ? args.title : '个人中心'}
        footer={
          <TabBar activeKey={tab} onChange={setTab}>
            <TabBar.Item key="/" icon={<AppOutline />} title="大厅" />
            <TabBar.Item key="/my" icon={<UserOutline />} title="我的" />
          </TabBar>
        }
      >
        {tab === '/' ? (
          sampleMenuGroups.map((group) => <MenuGroup key={group.id} title={group.title} items={group.items} />)
        ) : (
          <List header="个人中心">
            <List.Item clickable>手机号绑定</List.Item>
            <List.Item clickable>意见反馈</List.Item>
            <List.Item clickable>联系我们</List.Item>
          </List>
        )}
      </PageShell>
    );
  },
};
