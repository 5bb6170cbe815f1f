import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe';
import { runStory, storyTest } from '../testing/run-story';
import { CountdownButton } from './countdown-button';
import * as stories from './countdown-button.stories';

const { Idle, Counting, Resend, SendFails, Disabled } = composeStories(stories);

describe('CountdownButton', () => {
  it('is accessible in each state', async () => {
    for (const story of [Idle, Disabled]) {
      await expectNoAxeViolations(await runStory(story));
    }
  });

  it('shows 获取验证码 before first use', async () => {
    const canvas = await runStory(Idle);
    expect(canvas.querySelector('button')).toHaveTextContent('获取验证码');
    expect(canvas.querySelector('button')).toBeEnabled();
  });

  storyTest('counts down from 60 s, disabled, and ignores taps meanwhile', Counting, { fakeClock: true });

  storyTest('offers 重新获取 after 60 s and starts again when tapped', Resend, { fakeClock: true });

  storyTest('stays ready when the code could not be sent', SendFails, { fakeClock: true });

  it('does not send while disabled', async () => {
    const onSend = vi.fn(() => true);
    const { getByRole } = render(<CountdownButton disabled onSend={onSend} />);
    getByRole('button').click();
    expect(onSend).not.toHaveBeenCalled();
    expect(getByRole('button')).toBeDisabled();
  });
});
