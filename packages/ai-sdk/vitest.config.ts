import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumPath } from './vitest.chromium-setup.js';

// The suite runs twice: in Node (the engine on a MemoryStore) and in headless Chromium (Vitest browser mode, the
// engine on the core's IndexedDB store). Both call a local OpenAI-compatible server through the real AI SDK
// packages. Chromium is the system's (CHROMIUM_PATH, default /usr/bin/chromium), never one a tool downloads.
export default defineConfig({
  test: {
    globals: false,
    // Timeouts only catch hangs, on a machine that may be busy with other work.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./vitest.openai-server-setup.ts'],
        },
      },
      {
        extends: true,
        // Pre-bundle what the tests reach, so Vite does not discover a dependency mid-run and reload the page.
        optimizeDeps: {
          include: [
            'ai',
            '@ai-sdk/openai-compatible',
            '@ai-sdk/react',
            '@ctxkit/core > idb',
            '@ctxkit/core > js-tiktoken/lite',
            '@ctxkit/core > js-tiktoken/ranks/o200k_base',
          ],
        },
        test: {
          name: 'browser',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./vitest.chromium-setup.ts', './vitest.openai-server-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: chromiumPath,
                args: [...CHROMIUM_ARGS],
              },
            }),
            instances: [{ browser: 'chromium', name: 'chromium' }],
          },
        },
      },
    ],
  },
});
