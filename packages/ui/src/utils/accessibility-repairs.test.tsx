import { fireEvent, render, screen } from '@testing-library/react';
import { List, NavBar, TabBar } from 'antd-mobile';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installAccessibilityRepairs } from './accessibility-repairs';

const flush = () => new Promise((done) => setTimeout(done, 0));

describe('installAccessibilityRepairs', () => {
  beforeAll(() => installAccessibilityRepairs());

  it('makes a clickable list item a focusable link that Enter and Space press, aria-expanded allowed', async () => {
    const open = vi.fn();
    render(
      <List>
        <List.Item onClick={open} aria-expanded={false}>
          我的业务
        </List.Item>
      </List>,
    );
    await flush();
    const item = screen.getByRole('link', { name: '我的业务' });
    expect(item).toHaveAttribute('tabindex', '0');
    expect(item).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(item, { key: 'Enter' });
    fireEvent.keyDown(item, { key: ' ' });
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('names the nav bar back control and leaves no nameless button around it', async () => {
    const back = vi.fn();
    render(
      <NavBar back="返回" onBack={back}>
        标题
      </NavBar>,
    );
    await flush();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.keyDown(screen.getByRole('button', { name: '返回' }), { key: 'Enter' });
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('makes tab bar items links, the active one the current page', async () => {
    const tabBar = (activeKey: string) => (
      <TabBar activeKey={activeKey}>
        <TabBar.Item key="home" title="办事大厅" />
        <TabBar.Item key="my" title="个人中心" />
      </TabBar>
    );
    const { rerender } = render(tabBar('home'));
    await flush();
    expect(screen.getByRole('link', { name: '办事大厅' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '个人中心' })).not.toHaveAttribute('aria-current');
    rerender(tabBar('my'));
    await flush();
    expect(screen.getByRole('link', { name: '个人中心' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '办事大厅' })).not.toHaveAttribute('aria-current');
  });

  it('moves the focus into a dialog that opens and back where it was when it closes', async () => {
    const { rerender } = render(<button type="button">打开</button>);
    screen.getByRole('button', { name: '打开' }).focus();
    rerender(
      <>
        <button type="button">打开</button>
        <div className="adm-popup-body">
          <p>内容</p>
        </div>
      </>,
    );
    await flush();
    await flush();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    rerender(<button type="button">打开</button>);
    await flush();
    expect(screen.getByRole('button', { name: '打开' })).toHaveFocus();
  });

  it('gives the focus back when a sheet kept in the page is hidden, and takes it again when the sheet is shown again', async () => {
    const sheet = (shown: boolean) => (
      <>
        <button type="button">选择</button>
        <div className="adm-popup" style={shown ? undefined : { display: 'none' }}>
          <div className="adm-popup-body">
            <p>选项</p>
          </div>
        </div>
      </>
    );
    const { rerender } = render(<button type="button">选择</button>);
    screen.getByRole('button', { name: '选择' }).focus();
    rerender(sheet(true));
    await flush();
    await flush();
    expect(screen.getByRole('dialog')).toHaveFocus();
    rerender(sheet(false));
    await flush();
    expect(screen.getByRole('button', { name: '选择' })).toHaveFocus();
    rerender(sheet(true));
    await flush();
    await flush();
    expect(screen.getByRole('dialog')).toHaveFocus();
  });
});
