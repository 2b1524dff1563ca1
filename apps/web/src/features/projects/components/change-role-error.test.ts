import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { changeRoleErrorText } from './change-role-error';

describe('changeRoleErrorText', () => {
  it("prefers the server's message", () => {
    const error = new ApiError({
      kind: 'response',
      status: 403,
      reason: 'HTTP 403',
      body: { message: 'Nope' },
    });
    expect(changeRoleErrorText(error)).toBe('Nope');
  });

  it("falls back to 'Failed to change role' for an answer without a message", () => {
    const error = new ApiError({ kind: 'response', status: 500, reason: 'HTTP 500', body: {} });
    expect(changeRoleErrorText(error)).toBe('Failed to change role');
    expect(changeRoleErrorText(new Error('boom'))).toBe('Failed to change role');
  });

  it("says 'No response from server' when nothing came back", () => {
    const error = new ApiError({ kind: 'no-response', reason: 'Failed to fetch' });
    expect(changeRoleErrorText(error)).toBe('No response from server');
  });

  it("says 'Request failed: {reason}' when the request could not be sent", () => {
    const error = new ApiError({ kind: 'request', reason: 'cyclic object value' });
    expect(changeRoleErrorText(error)).toBe('Request failed: cyclic object value');
  });
});
