import { it } from 'vitest';
import { useFakeClock } from './fake-clock';

export interface RunnableStory {
  run(context?: { canvasElement?: HTMLElement }): Promise<void>;
}

/**
 * Renders a composed story into a fresh canvas and runs its play function, as Storybook does
 * (Storybook's React renderer mounts inside act(); the play function's waits go through the
 * test clock, which advances fake timers inside act()). Returns the canvas.
 */
export async function runStory(story: RunnableStory): Promise<HTMLElement> {
  const canvasElement = document.createElement('div');
  document.body.appendChild(canvasElement);
  await story.run({ canvasElement });
  return canvasElement;
}

/** Runs a story on vitest's fake timers, for a story that waits for timed behaviour. Returns the canvas. */
export async function runStoryOnFakeClock(story: RunnableStory): Promise<HTMLElement> {
  // useFakeClock switches vitest's timers; it is no React hook, whatever its name.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  useFakeClock();
  return runStory(story);
}

/**
 * A test that is one story's play function: the story's own assertions are the test's. With
 * `fakeClock`, on vitest's fake timers (stories that wait for timed behaviour).
 */
export function storyTest(name: string, story: RunnableStory, options: { fakeClock?: boolean } = {}): void {
  it(name, async () => {
    await (options.fakeClock ? runStoryOnFakeClock(story) : runStory(story));
  });
}
