/**
 * Natural batching: calls that arrive while a batch is running wait for it, then run together
 * as the next batch; a call that finds nothing running starts a batch as soon as the requests
 * that arrived in the same turn of the event loop have joined it (setImmediate, microseconds),
 * so nothing waits at low load, and under load one database statement serves many requests. `run` answers one output
 * per input, in order. When a batch of several fails and `retryAlone(error)` says so, each
 * input is tried on its own, so one bad input does not fail the others.
 */
export class NaturalBatch<I, O> {
  private queue: { input: I; resolve(output: O): void; reject(error: unknown): void }[] = [];
  private busy = false;

  // One batch at a time: measured, two at once served fewer single-case reads (more wake-ups
  // of PostgreSQL per request), and writes would queue on the same rows.
  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly options: { maxBatch?: number; retryAlone?: (error: unknown) => boolean } = {},
  ) {}

  call(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        // After the requests that arrived in this turn of the event loop, so they go together.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      await this.runBatch(this.queue.splice(0, this.options.maxBatch ?? 500));
    }
    this.busy = false;
  }

  private async runBatch(batch: NaturalBatch<I, O>['queue']): Promise<void> {
    try {
      const outputs = await this.run(batch.map((waiting) => waiting.input));
      for (const [i, waiting] of batch.entries()) waiting.resolve(outputs[i] as O);
    } catch (error) {
      if (batch.length > 1 && this.options.retryAlone?.(error)) {
        for (const waiting of batch) await this.runBatch([waiting]);
        return;
      }
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

/** One batch per database handle and purpose. */
export function batchPerHandle<H extends object, I, O>(
  make: (handle: H) => NaturalBatch<I, O>,
): (handle: H) => NaturalBatch<I, O> {
  const batches = new WeakMap<H, NaturalBatch<I, O>>();
  return (handle) => {
    let batch = batches.get(handle);
    if (!batch) {
      batch = make(handle);
      batches.set(handle, batch);
    }
    return batch;
  };
}
