import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectStoriesAccessible } from '../testing/axe';
import { storyTest } from '../testing/run-story';
import { ApplySteps } from './apply-steps';
import * as stories from './apply-steps.stories';

const all = composeStories(stories);

function statuses(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('.adm-step'), (step) => ['finish', 'process', 'wait'].find((status) => step.classList.contains(`adm-step-status-${status}`)) ?? '?');
}

describe('ApplySteps', () => {
  it('is accessible', () => expectStoriesAccessible(all));

  storyTest('shows the four steps with 权利信息 and marks step 2 进行中', all.RightsInfo);

  storyTest('shows three steps without 权利信息', all.UploadWithoutRightsInfo);

  it.each([
    [1, true, ['process', 'wait', 'wait', 'wait']],
    [3, true, ['finish', 'finish', 'process', 'wait']],
    [2, false, ['finish', 'process', 'wait']],
    [3, false, ['finish', 'finish', 'process']],
  ] as const)('step %i (rights info: %s) is %j', (current, withRightsInfo, expected) => {
    const { container } = render(<ApplySteps current={current} withRightsInfo={withRightsInfo} />);
    expect(statuses(container)).toEqual(expected);
    expect(container.querySelectorAll('.adm-step-description')).toHaveLength(1);
  });
});
