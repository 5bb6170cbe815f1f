import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe';
import { runStory, storyTest } from '../testing/run-story';
import * as stories from './signature-pad.stories';

const { Empty, Drawn, Cleared } = composeStories(stories);

describe('SignaturePad', () => {
  it('is accessible', async () => {
    await expectNoAxeViolations(await runStory(Empty));
  });

  it('is 350 × 400 CSS pixels with its hint', async () => {
    const canvas = await runStory(Empty);
    const pad = canvas.querySelector('canvas')!;
    expect(pad.style.width).toBe('350px');
    expect(pad.style.height).toBe('400px');
    expect(canvas).toHaveTextContent('请在下方区域内签写您的姓名');
  });

  storyTest('reports the first stroke', Drawn);

  storyTest('clears back to empty', Cleared);
});
