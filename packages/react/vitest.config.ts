import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumPath } from './vitest.chromium-setup.js';

// Everything here runs in headless Chromium (Vitest browser mode), the system's browser, never a downloaded one:
//   components   *.test.ts(x) next to the code: rendering from real core data, keyboard, store round trips, axe
//   react18      the same tests on React 18 (a peer the kit supports), installed as react-18 / react-dom-18
//   server       *.server.test.ts(x), in Node: what react-dom/server renders (no browser, no IndexedDB)
//   storybook    every story of .storybook (at the repository root) as a test: its play function, then axe
//                (`parameters.a11y.test = 'error'` makes a violation fail the story)
const packageDir = fileURLToPath(new URL('.', import.meta.url));

// A fresh object per project: Vitest keeps a reference to what it is given.
const browser = () => ({
  enabled: true,
  headless: true,
  screenshotFailures: false,
  provider: playwright({
    launchOptions: {
      executablePath: chromiumPath,
      args: [...CHROMIUM_ARGS],
    },
  }),
  instances: [{ browser: 'chromium' as const }],
});

// Pre-bundle what the tests reach, so Vite does not discover a dependency mid-run and reload the page.
const optimizeDeps = {
  include: [
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-dev-runtime',
    '@tanstack/react-query',
    'axe-core',
    'vitest-browser-react',
  ],
};

// React 18 for the react18 project only: every import of react and react-dom (the kit's, react-query's, the test
// renderer's, and react-dom's own) goes to the aliased copies. Absolute paths, since react-dom-18 sits beside
// React 19 and would otherwise find that one.
const installed = (name: string) =>
  realpathSync(fileURLToPath(new URL(`./node_modules/${name}`, import.meta.url)));
const react18 = [
  { find: /^react-dom(\/.*)?$/, replacement: `${installed('react-dom-18')}$1` },
  { find: /^react(\/.*)?$/, replacement: `${installed('react-18')}$1` },
];

export default defineConfig({
  plugins: [react()],
  test: {
    globals: false,
    projects: [
      {
        extends: true,
        optimizeDeps,
        test: {
          name: 'components',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.server.test.{ts,tsx}'],
          globalSetup: ['./vitest.chromium-setup.ts'],
          provide: { reactMajor: 19 },
          browser: browser(),
        },
      },
      {
        extends: true,
        optimizeDeps,
        resolve: { alias: react18 },
        // Its own pre-bundled dependencies: React 18 must not share a cache with the React 19 project's.
        cacheDir: 'node_modules/.vite/react18',
        test: {
          name: 'react18',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.server.test.{ts,tsx}'],
          globalSetup: ['./vitest.chromium-setup.ts'],
          provide: { reactMajor: 18 },
          browser: browser(),
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.server.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // Storybook's Vite root is the repository root, which resolves React (a root dev dependency) but not the
        // component tests' helpers.
        optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', '@tanstack/react-query'] },
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('../../.storybook', import.meta.url)) })],
        test: {
          name: 'storybook',
          // Story paths are resolved from here, not from the Storybook root the plugin would otherwise pick.
          dir: packageDir,
          globalSetup: [fileURLToPath(new URL('./vitest.chromium-setup.ts', import.meta.url))],
          browser: browser(),
        },
      },
    ],
  },
});
