import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe';
import { Input } from './input';

describe('Input', () => {
  it('puts aria-required, aria-invalid and aria-describedby on the text box, not on its wrapper', async () => {
    const { container, rerender } = render(<Input aria-label="姓名" aria-required aria-invalid="true" aria-describedby="name-error" />);
    const box = screen.getByRole('textbox', { name: '姓名' });
    expect(box).toHaveAttribute('aria-required', 'true');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-describedby', 'name-error');
    expect(container.querySelector('.adm-input')).not.toHaveAttribute('aria-required');
    expect(container.querySelector('.adm-input')).not.toHaveAttribute('aria-label');
    await expectNoAxeViolations(container);

    rerender(<Input aria-label="姓名" />);
    expect(screen.getByRole('textbox', { name: '姓名' })).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('textbox', { name: '姓名' })).not.toHaveAttribute('aria-invalid');
  });

  it('announces the clear icon as a named button once there is something to clear', async () => {
    render(<Input aria-label="搜索" clearable />);
    expect(screen.queryByRole('button')).toBeNull();
    const box = screen.getByRole('textbox', { name: '搜索' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '张三' } });
    // Named by antd-mobile's locale: 清除 in the apps' zh-CN, clear by default.
    fireEvent.click(await screen.findByRole('button', { name: /^(清除|clear)$/ }));
    expect(screen.getByRole('textbox', { name: '搜索' })).toHaveValue('');
  });
});
