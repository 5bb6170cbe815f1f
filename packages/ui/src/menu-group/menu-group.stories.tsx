import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { BannerCarousel } from '../banner-carousel/banner-carousel';
import { applyMenuGroup as applyGroup, queryMenuGroup as queryGroup, sampleBanners, sampleMenuGroups } from '../testing/fixtures';
import { MenuGroup } from './menu-group';

const meta = {
  title: 'Content/MenuGroup',
  component: MenuGroup,
  args: { title: applyGroup.title, items: applyGroup.items, onItemClick: fn() },
} satisfies Meta<typeof MenuGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A group of four tiles in two columns. */
export const TwoColumns: Story = {
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole('region', { name: '网上申请' });
    const tiles = within(group).getAllByRole('button');
    await expect(tiles).toHaveLength(4);
    await expect(tiles[0]).toHaveTextContent('在线申请抵押、转移、预告登记');
    fireEvent.click(within(group).getByRole('button', { name: /预约办理/ }));
    await expect(args.onItemClick).toHaveBeenCalledWith(applyGroup.items[1]);
  },
};

/** An odd number of tiles leaves the last row half full. */
export const OddCount: Story = { args: { title: queryGroup.title, items: queryGroup.items } };

/** 长辈模式: one larger tile a row. */
export const OneColumn: Story = { args: { columns: 1 } };

/** Menus without a remark show the name alone. */
export const WithoutRemarks: Story = {
  args: { items: applyGroup.items.map(({ remark: _remark, ...item }) => item) },
};

/** The hall home: banner (150 px) and the menu groups. */
export const HallHome: Story = {
  render: (args) => (
    <div>
      <BannerCarousel items={sampleBanners} height={150} />
      {sampleMenuGroups.map((group) => (
        <MenuGroup key={group.id} title={group.title} items={group.items} onItemClick={args.onItemClick} />
      ))}
    </div>
  ),
};
