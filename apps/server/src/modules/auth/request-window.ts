/** Keys kept before those with no request left in the window are dropped. */
const PRUNE_AT = 10_000;

/**
 * At most `max` requests per key in any `windowMs`, counted in this instance's memory (a sliding
 * window of request times). Used where no account is known yet, so the database has no row to
 * count by: "Forgot password?" requests per address (decision 235).
 */
export class RequestWindow {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a request of `key`; answers null, or the whole seconds until one would be let through. */
  take(key: string, now = Date.now()): number | null {
    if (this.times.size >= PRUNE_AT) this.prune(now);
    const since = now - this.windowMs;
    const recent = (this.times.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.max) {
      this.times.set(key, recent);
      const oldest = recent[0] ?? now;
      return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.times.set(key, recent);
    return null;
  }

  private prune(now: number): void {
    const since = now - this.windowMs;
    for (const [key, times] of this.times) {
      if (!times.some((at) => at > since)) this.times.delete(key);
    }
  }
}
