/**
 * The ticks of an axis that counts things (tests, failures): whole numbers only, from 0 to the
 * first tick at or above `max`, at most `most` of them, a step of 1, 2 or 5 times a power of ten.
 */
export function countTicks(max: number, most = 6): number[] {
  const top = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    const fitting = [1, 2, 5].map((factor) => factor * scale).find((s) => Math.ceil(top / s) + 1 <= most);
    if (fitting !== undefined) {
      step = fitting;
      break;
    }
  }
  const ticks: number[] = [];
  for (let value = 0; value < top + step; value += step) {
    ticks.push(value);
    if (value >= top) break;
  }
  return ticks;
}
