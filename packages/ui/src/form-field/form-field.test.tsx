import { composeStories } from '@storybook/react-vite';
import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe';
import { tick } from '../testing/clock';
import { runStory, runStoryOnFakeClock, storyTest } from '../testing/run-story';
import { hallValidateMessages } from './form-field';
import * as stories from './form-field.stories';

const { Empty, Invalid, Messages } = composeStories(stories);

describe('FormField', () => {
  it('is accessible', async () => {
    await expectNoAxeViolations(await runStory(Empty));
  });

  storyTest('shows every generic message', Invalid, { fakeClock: true });

  storyTest('gives the generic messages and submits once every field passes', Messages, { fakeClock: true });

  it('shows the first error in a toast when a submit fails', async () => {
    const canvas = await runStoryOnFakeClock(Empty);
    fireEvent.click(within(canvas).getByRole('button', { name: '提交' }));
    await tick(200);
    expect(document.querySelector('.adm-toast-main')).toHaveTextContent('必填哦');
  });

  it('gives plain antd-mobile rules the same words', () => {
    expect(hallValidateMessages).toEqual({
      required: '必填哦',
      whitespace: '必填哦',
      string: { min: '至少输入${min}个字符', max: '最多输入${max}个字符' },
    });
  });
});
