import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe';
import { useRealClock } from '../testing/fake-clock';
import { runStory, runStoryOnFakeClock, storyTest } from '../testing/run-story';
import { pendingLoads, showLoading } from './feedback';
import * as stories from './feedback.stories';

const { Overview, Alert, Warning, Confirm, Loading, ErrorToast } = composeStories(stories);

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
});
