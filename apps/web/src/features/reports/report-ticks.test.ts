import { describe, expect, it } from 'vitest';
import { countTicks } from './report-ticks';

describe('countTicks', () => {
  it('never answers a fraction, whatever the largest count', () => {
    for (let max = 0; max <= 1000; max += 1) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger), `max ${max}`).toBe(true);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)! >= max, `max ${max}`).toBe(true);
      expect(ticks.length <= 6, `max ${max}`).toBe(true);
      expect(new Set(ticks).size).toBe(ticks.length);
    }
  });

  it('counts by one for small counts, then by 2, 5, 10…', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(2)).toEqual([0, 1, 2]);
    expect(countTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(countTicks(180)).toEqual([0, 50, 100, 150, 200]);
  });
});
