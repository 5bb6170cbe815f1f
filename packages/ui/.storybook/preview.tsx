import type { Preview } from '@storybook/react-vite';
import '../src/theme/theme.css';
import './preview.css';

/** A phone of the hall's size: every story is drawn at 390×844 on the page's grey. */
const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    viewport: {
      options: {
        hallPhone: { name: 'Phone 390×844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
    a11y: { test: 'error' },
  },
  initialGlobals: {
    viewport: { value: 'hallPhone', isRotated: false },
  },
  decorators: [
    (Story) => (
      <div className="hall-story-frame">
        <Story />
      </div>
    ),
  ],
};

export default preview;
