/**
 * Whole-number ticks from 0 for an axis that counts things: about `count` of them, on a step of
 * 1, 2, 2.5 or 5 times a power of ten (0, 500, 1000, 1500, 2000 for 2,000), the last at or above
 * `max`. An axis over nothing reads 0 to 4.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return Array.from({ length: count }, (_, i) => i);
  const rough = max / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const step = Math.max(1, Math.ceil(nice));
  const last = Math.ceil(max / step);
  return Array.from({ length: last + 1 }, (_, i) => i * step);
}
