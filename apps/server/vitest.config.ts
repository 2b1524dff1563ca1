import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/slow-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Makes the database each file's fresh one is copied from (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Each file opens its own database; two at a time fits the 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
