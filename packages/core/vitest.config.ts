import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumPath } from './vitest.chromium-setup.js';

// The suite runs twice: in Node, and in headless Chromium (Vitest browser mode), so "runs in the browser" is
// tested, not assumed. Naming convention:
//   *.test.ts          both projects
//   *.node.test.ts     Node only (needs Node APIs, e.g. node:fs)
//   *.browser.test.ts  Chromium only (needs browser APIs, e.g. Worker)
//
// Chromium is the system's (Debian: `apt-get install -y chromium`), never one a tool downloads. Its path comes
// from CHROMIUM_PATH (default /usr/bin/chromium); the chromium project's global setup fails with the install
// command when it is missing.

export default defineConfig({
  test: {
    globals: false,
    // Time limits catch hangs, not slowness (speed is measured in benchmarks): loading tokenizer ranks or
    // building a long session takes several seconds on a busy 2-core machine.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        // Pre-bundle every dependency the tests reach, including the lazily imported tokenizer ranks, so Vite
        // does not discover one mid-run and reload the page under a running test.
        optimizeDeps: {
          include: [
            'fast-check',
            'idb',
            'js-tiktoken/lite',
            'js-tiktoken/ranks/o200k_base',
            'js-tiktoken/ranks/cl100k_base',
          ],
        },
        test: {
          name: 'browser',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.node.test.ts'],
          globalSetup: ['./vitest.chromium-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: chromiumPath,
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--disable-quic',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium', name: 'chromium' }],
          },
        },
      },
    ],
  },
});
