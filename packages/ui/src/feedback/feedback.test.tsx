import { composeStories } from '@storybook/react-vite';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe';
import { useRealClock } from '../testing/fake-clock';
import { runStory, runStoryOnFakeClock, storyTest } from '../testing/run-story';
import { pendingLoads, showLoading } from './feedback';
import * as stories from './feedback.stories';

const { Overview, Alert, Warning, Confirm, Loading, ErrorToast, Success } = composeStories(stories);

describe('Dialogs and toasts', () => {
  it('is accessible, the buttons and an open dialog', async () => {
    await expectNoAxeViolations(await runStory(Overview));
    // The warning story leaves its dialog open; axe-core needs real timers.
    await runStoryOnFakeClock(Warning);
    useRealClock();
    await expectNoAxeViolations(document.body);
  });

  storyTest('alerts with 提示 and 确定', Alert, { fakeClock: true });

  storyTest('warns with 警告', Warning, { fakeClock: true });

  storyTest('asks with 取消 and 确定 and reports the answer', Confirm, { fakeClock: true });

  storyTest('keeps 加载中 until every load has finished', Loading, { fakeClock: true });

  storyTest('shows an input error for 600 ms', ErrorToast, { fakeClock: true });

  storyTest('shows a done action with the success tick', Success, { fakeClock: true });

  it('counts loads, and a hide called twice counts once', () => {
    const hideA = showLoading();
    const hideB = showLoading();
    expect(pendingLoads()).toBe(2);
    hideA();
    hideA();
    expect(pendingLoads()).toBe(1);
    hideB();
    expect(pendingLoads()).toBe(0);
  });

  describe('before the dialog and toast code has arrived', () => {
    /** The module as a screen first meets it: nothing loaded yet. */
    async function freshFeedback() {
      vi.resetModules();
      return import('./feedback');
    }

    it('shows the alert once the code arrives, and resolves when it is closed', async () => {
      const feedback = await freshFeedback();
      const closed = feedback.showAlert('提交失败');
      const dialog = await screen.findByRole('dialog', { name: '提示' });
      expect(dialog).toHaveTextContent('提交失败');
      fireEvent.click(screen.getByRole('button', { name: '确定' }));
      await expect(closed).resolves.toBeUndefined();
      feedback.clearFeedback();
    });

    it('closes unseen a question cleared before the code arrived, answering 取消, as a clear closes an open one', async () => {
      const feedback = await freshFeedback();
      const answer = feedback.showConfirm('确定执行删除操作？');
      feedback.clearFeedback();
      await expect(answer).resolves.toBe(false);
      await expect(screen.findByRole('dialog', undefined, { timeout: 300 })).rejects.toThrow();
    });

    it('shows no toast and no 加载中 that were cleared or ended before the code arrived', async () => {
      const feedback = await freshFeedback();
      feedback.showToast('已清除的提示');
      feedback.clearFeedback();
      const hide = feedback.showLoading();
      hide();
      expect(feedback.pendingLoads()).toBe(0);
      await act(() => feedback.preloadFeedback());
      // Given time to appear (a toast renders a moment after it is asked for), neither does.
      await expect(screen.findByText('已清除的提示', undefined, { timeout: 300 })).rejects.toThrow();
      expect(screen.queryByText('加载中')).toBeNull();
      // The code has arrived: a toast asked for now is shown.
      act(() => feedback.showToast('之后的提示'));
      expect(await screen.findByText('之后的提示')).toBeInTheDocument();
      feedback.clearFeedback();
    });
  });
});
