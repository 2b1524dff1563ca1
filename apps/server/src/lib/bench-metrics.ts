import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Benchmark support only (VERDICT_METRICS_FILE): measures event-loop delay; SIGUSR2 resets the
 * histogram, SIGUSR1 writes it to the file, so `npm run bench` can read it per endpoint.
 */
export function startBenchMetrics(file: string): void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => histogram.reset());
  process.on('SIGUSR1', () => {
    writeFileSync(
      file,
      JSON.stringify({
        eventLoopP99Ms: histogram.percentile(99) / 1e6,
        eventLoopMaxMs: histogram.max / 1e6,
      }),
    );
  });
}
