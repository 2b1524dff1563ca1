import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { isLiveChangeKind, type LiveChange, STORAGE_KEYS } from '@verdict/contract';
import { useEffect } from 'react';

/**
 * Live updates (docs/product/cycles.md, "Live"): while signed in, the app reads the server's
 * event stream (`GET /api/events`) and reloads what it shows of a change, so a cycle page, the
 * dashboard and the tree marks follow other people's results within a second. The stream is
 * read with fetch rather than EventSource, which cannot send the Authorization header.
 */

export type { LiveChange };

/** Splits event-stream text into its `change` events; answers them and the unfinished rest. */
export function readEvents(buffer: string): { changes: LiveChange[]; rest: string; notified: boolean } {
  const changes: LiveChange[] = [];
  let notified = false;
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    // The caller's notifications changed (docs/product/notifications.md): the bell reloads.
    if (event === 'notifications') notified = true;
    if (event !== 'change' || data.length === 0) continue;
    try {
      const value = JSON.parse(data.join('\n')) as LiveChange;
      if (isLiveChangeKind(value.kind)) changes.push(value);
    } catch {
      // Not ours to read.
    }
  }
  return { changes, rest, notified };
}

/** The query keys a change of this kind may have made stale (lib/query-keys.ts). */
export function staleKeysOf(kind: LiveChange['kind']): readonly (readonly string[])[] {
  return kind === 'runs'
    ? [['cases'], ['runs'], ['projects', 'count'], ['suites', 'count']]
    : [['cycles'], ['cycle-items'], ['my-work']];
}

/** How long changes gather before the app reloads (a burst of results reloads once). */
export const LIVE_GATHER_MS = 400;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 30_000;

function refresher(queryClient: QueryClient) {
  const pending = new Set<LiveChange['kind']>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    for (const kind of pending) {
      for (const queryKey of staleKeysOf(kind)) void queryClient.invalidateQueries({ queryKey });
    }
    pending.clear();
  };
  return {
    add(change: LiveChange) {
      pending.add(change.kind);
      timer ??= setTimeout(flush, LIVE_GATHER_MS);
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * Reads the event stream while mounted, reconnecting (2 s, doubling to 30 s) when it breaks; not
 * after a 401: the session ended (the server also ends the stream then), and asking again with
 * the same token would only be refused again.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof fetch !== 'function' || typeof TextDecoder !== 'function') return;
    const controller = new AbortController();
    const refresh = refresher(queryClient);
    let retry = RETRY_MIN_MS;
    let stopped = false;
    let again: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      const token = localStorage.getItem(STORAGE_KEYS.token);
      if (!token) return;
      try {
        const response = await fetch(`${import.meta.env.VITE_API_BASE ?? ''}/api/events`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (response.status === 401) return;
        if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
        retry = RETRY_MIN_MS;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const read = readEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = read.rest;
          for (const change of read.changes) refresh.add(change);
          if (read.notified) void queryClient.invalidateQueries({ queryKey: ['notifications'] });
        }
      } catch {
        // Offline, signed out or stopped: try again later unless stopped.
      }
      if (stopped) return;
      again = setTimeout(() => void connect(), retry);
      retry = Math.min(retry * 2, RETRY_MAX_MS);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(again);
      controller.abort();
      refresh.stop();
    };
  }, [queryClient]);
}
