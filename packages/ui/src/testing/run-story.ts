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
