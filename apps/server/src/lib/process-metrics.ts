import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The figures of the whole process, shared by every app built in it (tests build several): Node's
 * own (event-loop delay, memory, garbage collection: prom-client's defaults) and the timings of
 * database statements, which each database client records at one place (db/client.ts,
 * db/embedded-client.ts). The figures of one app (requests, queues) live in its own registry
 * (modules/metrics/app-metrics.ts).
 */
export const processRegistry = new Registry();

const statementDuration = new Histogram({
  name: 'verdict_db_statement_duration_seconds',
  help: 'Time from sending a statement to the database until its answer arrived (waiting for a free connection excluded; on the embedded database, waiting behind the statements before it included)',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [processRegistry],
});

/** Records one statement sent at `startedAt` (a performance.now() reading) and answered now. */
export function recordStatement(startedAt: number): void {
  statementDuration.observe((performance.now() - startedAt) / 1000);
}

let collecting = false;

/** Starts Node's own figures, once per process (the event-loop delay is sampled from then on). */
export function collectProcessMetrics(): void {
  if (collecting) return;
  collecting = true;
  collectDefaultMetrics({ register: processRegistry });
}
