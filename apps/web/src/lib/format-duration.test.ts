import { describe, expect, it } from 'vitest';
import { formatDuration, formatElapsed } from './format-duration';

describe('duration words', () => {
  it('formats a timer and a test duration', () => {
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatDuration(420)).toBe('0.42 s');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2:05');
  });
});
