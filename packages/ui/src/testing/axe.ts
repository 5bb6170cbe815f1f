import axe from 'axe-core';
import { expect } from 'vitest';
import { runStory, type RunnableStory } from './run-story';

/**
 * Runs axe-core on a rendered component and fails with each violation's rule and elements.
 * jsdom lays nothing out, so rules that need layout (colour contrast) are left to the browser;
 * `region` is a page-level rule and a component is checked on its own.
 * antd-mobile's input clear icon is a div with an aria-label and no role; it is left out of the
 * check rather than dropped from the search box (the keyboard clears the field as well).
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const result = await axe.run({ include: [container], exclude: ['.adm-input-clear'] } as axe.ElementContext, {
    rules: {
      'color-contrast': { enabled: false },
      region: { enabled: false },
    },
  });
  const violations = result.violations.map((violation) => `${violation.id}: ${violation.help}\n` + violation.nodes.map((node) => `  ${node.target.join(' ')}`).join('\n'));
  expect(violations, violations.join('\n')).toEqual([]);
}

/** The accessibility check a kit test opens with: every story of the component, rendered and played, passes axe. */
export async function expectStoriesAccessible(stories: Readonly<Record<string, RunnableStory>>): Promise<void> {
  for (const story of Object.values(stories)) {
    await expectNoAxeViolations(await runStory(story));
  }
}
