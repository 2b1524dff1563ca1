import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/slow-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Makes the database each file's fresh one is copied from (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // A worker keeps its loaded modules from one test file to the next (each file still builds its
    // own app on its own database): loading the app's modules again for each of 60 files took about
    // a minute of the two workers' time. Nothing here mocks modules; a test that must observe the
    // server uses what it publishes (the password verifications' diagnostics channel).
    isolate: false,
    // Each file opens its own database; two at a time fits the 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
