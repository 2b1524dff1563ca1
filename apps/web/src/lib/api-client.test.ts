import { STORAGE_KEYS } from '@verdict/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorText, onUnauthorized } from './api-client';

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

describe('api client', () => {
  it('sends JSON with the bearer token and parses the answer', async () => {
    const fetchMock = answer(201, { message: 'created', id: 3 });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(STORAGE_KEYS.token, 'abc');

    const result = await api.post<{ id: number }>('/api/things', { name: 'x' });

    expect(result.id).toBe(3);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.body).toBe('{"name":"x"}');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Authorization header without a token, and no body on GET', async () => {
    const fetchMock = answer(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/list');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.body).toBeUndefined();
  });

  it('returns undefined for an empty answer', async () => {
    vi.stubGlobal('fetch', answer(200));
    await expect(api.del('/api/x/1')).resolves.toBeUndefined();
  });

  it('throws ApiError with status, message and error field on an error answer', async () => {
    vi.stubGlobal('fetch', answer(409, { message: 'Name taken', error: 'Conflict' }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'response',
      status: 409,
      serverMessage: 'Name taken',
      serverError: 'Conflict',
      message: 'Name taken',
      hasResponse: true,
      noResponse: false,
    });
  });

  it('flags a network failure as no response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'no-response', status: 0, noResponse: true });
  });

  it('passes an abort through untouched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('tells subscribers about a 401 on a call that carried a token', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    vi.stubGlobal('fetch', answer(401, { message: 'Expired' }));

    await api.get('/api/x').catch(() => {});
    expect(listener).not.toHaveBeenCalled();

    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    await api.post('/api/auth/login', {}).catch(() => {});
    // Setting up a second factor from the sign-in screen checks a typed password, as sign-in does.
    await api.post('/api/auth/totp/setup', {}).catch(() => {});
    expect(listener).not.toHaveBeenCalled();

    await api.get('/api/x').catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('errorText', () => {
  const response = (body: unknown) =>
    new ApiError({ kind: 'response', status: 400, reason: 'HTTP 400', body });
  const noResponse = new ApiError({ kind: 'no-response', reason: 'Failed to fetch' });
  const notSent = new ApiError({ kind: 'request', reason: 'cyclic object' });

  it('prefers the server message, else the fallback', () => {
    expect(errorText(response({ message: 'Bad name' }), 'Failed to create user. Please try again.')).toBe(
      'Bad name',
    );
    expect(errorText(response({}), 'Failed to create user. Please try again.')).toBe(
      'Failed to create user. Please try again.',
    );
    expect(errorText(new Error('boom'), 'Fallback')).toBe('Fallback');
  });

  it('uses the error field, then the reason, when asked', () => {
    expect(errorText(response({ error: 'Limit reached' }), 'F', { errorField: true })).toBe('Limit reached');
    expect(errorText(response({}), 'F', { errorField: true, reason: true })).toBe('HTTP 400');
  });

  it("covers change role's three cases", () => {
    const options = { noResponse: 'No response from server', requestFailed: true };
    expect(errorText(response({ message: 'Nope' }), 'Failed to change role', options)).toBe('Nope');
    expect(errorText(response({}), 'Failed to change role', options)).toBe('Failed to change role');
    expect(errorText(noResponse, 'Failed to change role', options)).toBe('No response from server');
    expect(errorText(notSent, 'Failed to change role', options)).toBe('Request failed: cyclic object');
  });
});
