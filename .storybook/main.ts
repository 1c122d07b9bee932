import type { StorybookConfig } from '@storybook/react-vite';

// Storybook for @ctxkit/react: stories live next to the components. Everything it serves is local (no CDN, no
// telemetry), so `pnpm build-storybook` works offline and the static build can be opened from disk or any server.
const config: StorybookConfig = {
  stories: ['../packages/react/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    // One React for the stories and Storybook's renderer.
    viteConfig.resolve = { ...viteConfig.resolve, dedupe: ['react', 'react-dom'] };
    return viteConfig;
  },
};

export default config;
