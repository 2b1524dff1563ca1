import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { executedByText } from '../api/run-api';
import { createRunErrorText } from './run-errors';

const answer = (body: unknown) => new ApiError({ kind: 'response', status: 500, reason: 'HTTP 500', body });

describe('createRunErrorText', () => {
  it('takes the message, else the error field, else the reason', () => {
    expect(createRunErrorText(answer({ message: 'Case not found', error: 'x' }))).toBe('Case not found');
    expect(createRunErrorText(answer({ error: 'Database down' }))).toBe('Database down');
    expect(createRunErrorText(answer({}))).toBe('HTTP 500');
    expect(createRunErrorText(new ApiError({ kind: 'no-response', reason: 'Failed to fetch' }))).toBe(
      'Failed to fetch',
    );
  });

  it("falls back to 'Failed to create test run!' without a reason", () => {
    expect(createRunErrorText(new Error('boom'))).toBe('Failed to create test run!');
    expect(createRunErrorText(new ApiError({ kind: 'response', reason: '' }))).toBe(
      'Failed to create test run!',
    );
  });
});

describe('executedByText', () => {
  it("shows the executor's username, or 'ID: {id}' once the user is deleted", () => {
    expect(executedByText({ executor: { id: 4, username: 'alice' }, executed_by: 4 })).toBe('alice');
    expect(executedByText({ executor: null, executed_by: 4 })).toBe('ID: 4');
  });
});
