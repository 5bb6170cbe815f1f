import '@testing-library/jest-dom/vitest';
import { act } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as previewAnnotations from './.storybook/preview';
import { setStoryClock } from './src/testing/clock';
import { useRealClock } from './src/testing/fake-clock';
import { clearFeedback, preloadFeedback } from './src/feedback/feedback';

// The stories run with the same preview (theme, decorators) as in Storybook; each test file
// makes its own accessibility check with axe-core first.
const annotations = setProjectAnnotations([previewAnnotations]);
// The React renderer's beforeAll makes storybook/test's events run inside act().
beforeAll(annotations.beforeAll);
// Dialogs and toasts load their code on first use; loaded up front, the stories see them at once, as a citizen does after the first screen.
beforeAll(preloadFeedback);

// React checks its updates are wrapped in act() only where this is set, as in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Play functions wait through this clock. Under fake timers it advances them a frame at a time,
// each step inside its own act(), so React renders between steps and a chain of updates
// (a state change that starts an animation that ends by unmounting a toast) runs its course
// as it would in a browser; a 60 s countdown still takes only a moment.
const FRAME_MS = 16;
setStoryClock({
  async tick(ms) {
    if (!vi.isFakeTimers()) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return;
    }
    let left = ms;
    do {
      const step = Math.min(left, FRAME_MS);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(step);
      });
      left -= step;
    } while (left > 0);
  },
});

// jsdom has no canvas; axe-core probes for one. Say there is none rather than log about it.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  // antd-mobile keeps the open toast and dialogs at module level; close them with the test.
  clearFeedback();
  useRealClock();
  document.body.innerHTML = '';
});
