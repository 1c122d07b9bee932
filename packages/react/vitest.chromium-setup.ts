import { accessSync, constants } from 'node:fs';

/** The Chromium the browser tests launch: CHROMIUM_PATH, or Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Runs before the chromium project starts its browser: a missing browser gets a message that says what to do,
// instead of Playwright's offer to download one (which must never happen here).
export default function checkChromium(): void {
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
