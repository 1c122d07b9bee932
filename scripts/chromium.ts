import { accessSync, constants } from 'node:fs';

// The system Chromium every browser test and benchmark of the repository launches: one place for its path, its
// flags and the message when it is missing.

/** CHROMIUM_PATH, or Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless as root, and no background traffic: this machine's network is closed, and tests must not depend on it. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Runs before a browser project starts its browser: a missing browser gets a message that says what to do, instead
 * of Playwright's offer to download one (which must never happen here).
 */
export function checkChromium(): void {
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium not found at ${chromiumPath}. The browser tests use the system's Chromium, never a downloaded one.\n` +
        'Install it (as root, on Debian): apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium\n' +
        'or point CHROMIUM_PATH at a Chromium binary. `pnpm test` at the repository root installs it when run as root.\n' +
        'To run only the Node tests: pnpm vitest run --project node',
    );
  }
}
