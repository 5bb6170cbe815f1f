import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe';
import { runStory, storyTest } from '../testing/run-story';
import * as stories from './tab-strip.stories';

const { ReviewTabs } = composeStories(stories);

describe('TabStrip', () => {
  it('is accessible', async () => {
    await expectNoAxeViolations(await runStory(ReviewTabs));
  });

  storyTest('chooses a tab by tap, arrow keys, Home and End', ReviewTabs);
});
