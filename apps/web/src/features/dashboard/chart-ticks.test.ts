import { describe, expect, it } from 'vitest';
import { niceTicks } from './chart-ticks';

describe('niceTicks', () => {
  it('counts in whole, round steps from 0 to at least the largest value', () => {
    expect(niceTicks(2000)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(202_155)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(niceTicks(1)).toEqual([0, 1]);
  });

  it('reads 0 to 4 over nothing', () => {
    expect(niceTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('never gives a fraction', () => {
    for (let max = 1; max < 500; max++) {
      const ticks = niceTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
    }
  });
});
