import { describe, expect, it } from 'vitest';
import { countsText, percentDone, progressSummary } from './cycle-states';

const counts = (
  done: Partial<Record<'passed' | 'failed' | 'blocked' | 'skipped' | 'retest', number>>,
  untested: number,
) => {
  const all = { passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0, ...done };
  const total = untested + all.passed + all.failed + all.blocked + all.skipped + all.retest;
  return { total, untested, ...all };
};

describe('cycle progress words', () => {
  it('never says 100% before every item is done', () => {
    expect(percentDone(counts({ passed: 999 }, 1))).toBe(99);
    expect(percentDone(counts({ passed: 3 }, 0))).toBe(100);
    expect(percentDone(counts({}, 0))).toBe(0);
  });

  it('summarises done items and each state', () => {
    const c = counts({ passed: 8, failed: 2, blocked: 1, skipped: 1 }, 28);
    expect(progressSummary(c)).toBe('12 of 40 done (30%)');
    expect(countsText(c)).toBe('8 passed, 2 failed, 1 blocked, 1 skipped, 28 untested');
    expect(countsText(counts({}, 0))).toBe('no items');
  });

  it('counts retest as work still to do, not as done', () => {
    const c = counts({ passed: 2, retest: 2 }, 0);
    expect(progressSummary(c)).toBe('2 of 4 done (50%)');
    expect(countsText(c)).toBe('2 passed, 2 retest');
  });
});
