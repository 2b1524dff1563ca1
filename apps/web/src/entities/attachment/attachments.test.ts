import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { attachmentKeys, refreshAttachments } from './attachments';

describe('refreshAttachments', () => {
  it('reads the files again even while the list is still on a first read begun before the upload', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const owner = { kind: 'result', id: 7 } as const;
    let finishFirstRead: (files: string[]) => void = () => {};
    const answers = [
      new Promise<string[]>((resolve) => {
        finishFirstRead = resolve;
      }),
      Promise.resolve(['console.txt']),
    ];
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: attachmentKeys.of(owner),
      queryFn: () => answers[reads++]!,
    });
    // The list is shown: its first read starts and is still waiting for the server.
    const unsubscribe = observer.subscribe(() => {});
    expect(reads).toBe(1);

    // The upload has finished; the first read, begun before it, answers afterwards with no files.
    const refreshed = refreshAttachments(client, owner);
    finishFirstRead([]);
    await refreshed;

    expect(reads).toBe(2);
    expect(client.getQueryData(attachmentKeys.of(owner))).toEqual(['console.txt']);
    unsubscribe();
  });
});
