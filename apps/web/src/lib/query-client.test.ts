import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

const answered = (status: number) => new ApiError({ kind: 'response', status, reason: `HTTP ${status}` });

describe('query client', () => {
  it('never retries a 4xx', () => {
    expect(shouldRetry(0, answered(400))).toBe(false);
    expect(shouldRetry(0, answered(404))).toBe(false);
    expect(shouldRetry(0, answered(499))).toBe(false);
  });

  it('retries server errors and lost connections a little', () => {
    expect(shouldRetry(0, answered(500))).toBe(true);
    expect(shouldRetry(1, new ApiError({ kind: 'no-response', reason: 'Failed to fetch' }))).toBe(true);
    expect(shouldRetry(2, answered(503))).toBe(false);
  });

  it('does not refetch on window focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });
});
