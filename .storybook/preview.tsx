import type { Decorator, Preview } from '@storybook/react-vite';
import '../packages/react/src/styles/ctxkit.css';
import './preview.css';

/** Light or dark, set with the toolbar (or `globals=theme:dark` in the URL), through the kit's `data-theme`. */
const withTheme: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <div data-theme={theme} className="ctxkit-story">
      <Story />
    </div>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Colour scheme of the kit',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    // Accessibility violations fail the story's test (in `pnpm test`), not only show in the panel.
    a11y: { test: 'error' },
    controls: { expanded: false },
  },
};

export default preview;
