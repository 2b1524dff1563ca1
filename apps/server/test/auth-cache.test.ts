import { describe, expect, it } from 'vitest';
import { AuthCache } from '../src/modules/authz/auth-cache.ts';

/**
 * The authentication cache's reads in flight (modules/authz/auth-cache.ts): callers that miss one
 * entry at once share one read, and an invalidation is never answered by a read from before it.
 */

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function enabledCache(): AuthCache {
  const cache = new AuthCache();
  cache.setEnabled(true);
  return cache;
}

describe('AuthCache', () => {
  it('gives callers that miss one entry at once the one read, then the stored value', async () => {
    const cache = enabledCache();
    const read = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return read.promise;
    };
    const callers = Array.from({ length: 50 }, () => cache.get('session', 'user 1', load));
    // Another key is read on its own.
    const other = cache.get('session', 'user 2', async () => 'other');
    read.resolve('principal');
    expect(await Promise.all(callers)).toEqual(Array(50).fill('principal'));
    expect(await other).toBe('other');
    expect(loads).toBe(1);
    expect(await cache.get('session', 'user 1', load)).toBe('principal');
    expect(loads).toBe(1);
  });

  it('after an invalidation, reads again instead of joining or storing a read from before it', async () => {
    const cache = enabledCache();
    const before = deferred<string>();
    const early = cache.get('session', 'user 1', () => before.promise);
    cache.invalidate();
    const late = cache.get('session', 'user 1', async () => 'after');
    before.resolve('before');
    expect(await early).toBe('before');
    expect(await late).toBe('after');
    // The read from before the invalidation was not kept: the next caller gets the later one.
    expect(await cache.get('session', 'user 1', async () => 'third')).toBe('after');
  });

  it('fails every caller of a failed read, and the next caller reads again', async () => {
    const cache = enabledCache();
    const read = deferred<string>();
    const first = cache.get('session', 'user 1', () => read.promise);
    const second = cache.get('session', 'user 1', () => read.promise);
    read.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await cache.get('session', 'user 1', async () => 'back')).toBe('back');
  });

  it('shares nothing while it is off', async () => {
    const cache = new AuthCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', 'a', load), cache.get('k', 'a', load)])).toEqual([1, 2]);
  });
});
