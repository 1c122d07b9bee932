// The styled default's stylesheet ships as written: plain CSS with custom properties, no build step of its own.
import { copyFileSync } from 'node:fs';

copyFileSync(
  new URL('../src/styles/ctxkit.css', import.meta.url),
  new URL('../dist/styles.css', import.meta.url),
);
