import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { CHROMIUM_ARGS, chromiumPath } from './vitest.chromium-setup.js';
import { AI_MAJORS, type AiMajor, aliasesOf } from './vitest.majors.js';

// The suite runs once per AI SDK major (5, 6, 7: vitest.majors.ts), each time in Node (the engine on a MemoryStore)
// and in headless Chromium (Vitest browser mode, the engine on the core's IndexedDB store). A major's project loads
// that major's real `ai`, `@ai-sdk/react` and `@ai-sdk/openai-compatible` wherever the package or its tests import
// them, and calls a local OpenAI-compatible server. Chromium is the system's (CHROMIUM_PATH, default
// /usr/bin/chromium), never one a tool downloads. `--project 'node-*'` picks the Node runs, `--project '*-ai7'` one
// major.

function nodeProject(major: AiMajor): TestProjectInlineConfiguration {
  return {
    extends: true,
    resolve: { alias: aliasesOf(major) },
    test: {
      name: `node-ai${major.major}`,
      environment: 'node',
      include: ['src/**/*.test.ts'],
      globalSetup: ['./vitest.openai-server-setup.ts'],
      provide: { aiMajor: major.major },
    },
  };
}

function browserProject(major: AiMajor): TestProjectInlineConfiguration {
  const { packages } = major;
  return {
    extends: true,
    resolve: { alias: aliasesOf(major) },
    // Pre-bundle what the tests reach, so Vite does not discover a dependency mid-run and reload the page.
    optimizeDeps: {
      include: [
        packages.ai,
        packages['@ai-sdk/openai-compatible'],
        packages['@ai-sdk/react'],
        '@ctxkit/core > idb',
        '@ctxkit/core > js-tiktoken/lite',
        '@ctxkit/core > js-tiktoken/ranks/o200k_base',
      ],
    },
    test: {
      name: `browser-ai${major.major}`,
      include: ['src/**/*.test.ts'],
      globalSetup: ['./vitest.chromium-setup.ts', './vitest.openai-server-setup.ts'],
      provide: { aiMajor: major.major },
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
        instances: [{ browser: 'chromium', name: `chromium-ai${major.major}` }],
      },
    },
  };
}

export default defineConfig({
  test: {
    globals: false,
    // Timeouts only catch hangs, on a machine that may be busy with other work.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [...AI_MAJORS.map(nodeProject), ...AI_MAJORS.map(browserProject)],
  },
});
