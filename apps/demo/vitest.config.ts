import { defineConfig } from 'vitest/config';

// Unit tests of the demo's logic (responders, settings, errors) run in Node. The end-to-end tests drive the built
// app (`dist/`, which turbo builds before `test`) in the system's Chromium through Playwright, and the two main
// journeys also in Firefox ESR and WebKitGTK (`e2e/engines/`).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['./e2e/chromium-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // In CI the end-to-end tests drive three real browser engines on a shared two-core runner, where one slow start
    // can outlast a wait: a test gets one more try there. A real break still fails, since it fails both times.
    retry: process.env.CI ? 1 : 0,
  },
});
