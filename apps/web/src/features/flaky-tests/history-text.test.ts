import type { HistoryItem } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { markLabel, markTitle, quarantinedFailure } from '@/entities/result/result-history';
import { flakinessText, flipRateText, tomorrow } from './history-text';

const item: HistoryItem = {
  result_id: 1,
  cycle_id: 2,
  cycle_name: 'Nightly 42',
  branch: 'main',
  state: 'passed',
  elapsed_ms: 1200,
  failure_message: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('history text', () => {
  it('names a mark by state, duration, cycle and branch', () => {
    expect(markLabel(item, false)).toBe('passed, 1.2 s, cycle Nightly 42, branch main');
    expect(markLabel({ ...item, branch: null, elapsed_ms: null }, false)).toBe('passed, cycle Nightly 42');
    const failed = { ...item, state: 'failed' as const, failure_message: 'Expected 3, got 4' };
    expect(markTitle(failed, true)).toBe(
      'failed (quarantined), 1.2 s, cycle Nightly 42, branch main\nExpected 3, got 4',
    );
  });

  it('marks failures recorded since the quarantine began', () => {
    const quarantine = { reason: 'r', until: null, by: null, at: '2026-11-19T00:00:00.000Z' };
    expect(quarantinedFailure({ ...item, state: 'failed' }, quarantine)).toBe(true);
    expect(quarantinedFailure({ ...item, state: 'passed' }, quarantine)).toBe(false);
    expect(
      quarantinedFailure({ ...item, state: 'failed' }, { ...quarantine, at: '2026-11-21T00:00:00Z' }),
    ).toBe(false);
    expect(quarantinedFailure({ ...item, state: 'failed' }, null)).toBe(false);
  });

  it('says flakiness and flip rates in words', () => {
    expect(flakinessText({ branch: 'main', flips: 4, results: 6, flaky: true })).toBe(
      'Flaky on main: 4 flips in the last 6 results',
    );
    expect(flakinessText({ branch: null, flips: 1, results: 2, flaky: false })).toBe(
      'Not flaky on no branch: 1 flip in the last 2 results',
    );
    expect(flipRateText({ flip_rate: 0.8 })).toBe('80%');
    expect(tomorrow(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});
