import { defineConfig } from 'vitest/config';

// Unit tests of the demo's logic (responders, settings, errors) run in Node. The end-to-end tests drive the built
// app (`dist/`, which turbo builds before `test`) in Chromium, Firefox ESR and WebKitGTK through the engine-neutral
// driver of `e2e/engines/`.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['./e2e/chromium-setup.ts'],
    // A long journey in WebKit (every step a WebDriver round trip) takes over a minute on a loaded two-core runner.
    testTimeout: 150_000,
    // `expect.poll` waits for what the page does after an action (a pin lapsing, a memory listed after a turn), as
    // long as a locator's wait does: its 1 s default is shorter than one turn on a loaded runner, where it failed.
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 60_000,
    // Two test files at a time: an end-to-end test mostly waits (on the browser, on a reply streamed at reading
    // pace), so a second file's browser uses that time. The demo's tests in three engines took 13 min 27 s one file
    // at a time and 10 min 37 s two at a time, on two cores at load average 14 to 18.
    maxWorkers: 2,
    // In CI the end-to-end tests drive three real browser engines on a shared two-core runner, where one slow start
    // can outlast a wait: a test gets one more try there. A real break still fails, since it fails both times.
    retry: process.env.CI ? 1 : 0,
  },
});
