import { describe, expect, it } from 'vitest';
import { runShare, shareWidth } from './dashboard-math';

describe('runShare', () => {
  it('is 0 when there are no runs', () => {
    expect(runShare(0, 0)).toBe('0');
    expect(runShare(3, 0)).toBe('0');
  });

  it('gives one decimal', () => {
    expect(runShare(1, 3)).toBe('33.3');
    expect(runShare(2, 3)).toBe('66.7');
    expect(runShare(1, 8)).toBe('12.5');
    expect(runShare(3, 4)).toBe('75.0');
    expect(runShare(7, 7)).toBe('100.0');
    expect(runShare(0, 5)).toBe('0.0');
  });

  it('rounds small shares of large totals', () => {
    expect(runShare(1, 1000)).toBe('0.1');
    expect(runShare(1, 3000)).toBe('0.0');
    expect(runShare(999, 1000)).toBe('99.9');
  });

  it('treats nonsense as no runs', () => {
    expect(runShare(Number.NaN, 5)).toBe('0');
    expect(runShare(1, Number.NaN)).toBe('0');
    expect(runShare(1, -2)).toBe('0');
  });
});

describe('shareWidth', () => {
  it('turns a share into a bar width between 0 and 100', () => {
    expect(shareWidth('0')).toBe(0);
    expect(shareWidth('33.3')).toBe(33.3);
    expect(shareWidth('100.0')).toBe(100);
    expect(shareWidth('abc')).toBe(0);
  });
});
