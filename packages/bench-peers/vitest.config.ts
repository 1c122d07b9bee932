import { defineConfig } from 'vitest/config';

// Node only: the peers compared here (prompt-tsx, LangChain) are measured where their users run them.
export default defineConfig({
  test: {
    globals: false,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Timeouts only catch hangs; speed is measured by the benchmark, never asserted.
    testTimeout: 30_000,
  },
});
