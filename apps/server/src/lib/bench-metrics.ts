import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Benchmark support only (VERDICT_METRICS_FILE): measures event-loop delay; SIGUSR2 resets the
 * histogram, SIGUSR1 writes it (and memory) to the file, so `npm run bench` can read it per endpoint.
 */
export function startBenchMetrics(file: string): void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => histogram.reset());
  process.on('SIGUSR1', () => {
    // Started with --expose-gc (the soak test), memory is measured after a full collection, so
    // two readings compare what is still held rather than when the collector last ran.
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({
        eventLoopP99Ms: histogram.percentile(99) / 1e6,
        eventLoopMaxMs: histogram.max / 1e6,
        rssMb: memory.rss / 1024 ** 2,
        heapUsedMb: memory.heapUsed / 1024 ** 2,
        heapTotalMb: memory.heapTotal / 1024 ** 2,
        arrayBuffersMb: memory.arrayBuffers / 1024 ** 2,
        externalMb: memory.external / 1024 ** 2,
        at: Date.now(),
      }),
    );
  });
}
