import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // Vitest's default is one worker fewer than the cores: one, on CI's two-core machine.
      maxWorkers: 2,
      // A long form flow (typing, many clicks) takes 1-2 s alone and several times that on a
      // machine busy with the server suites; the 5 s default failed such a flow there once.
      testTimeout: 20_000,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
