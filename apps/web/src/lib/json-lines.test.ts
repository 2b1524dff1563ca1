import { describe, expect, it } from 'vitest';
import { readJsonLines } from './json-lines';

/** A stream that delivers `chunks` one read at a time. */
function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const lines: unknown[] = [];
  for await (const line of readJsonLines(stream)) lines.push(line);
  return lines;
}

describe('readJsonLines', () => {
  it('parses one object per line, the last without a newline', async () => {
    expect(await all(streamOf(['{"done":1,"total":3}\n{"done":3,"total":3}\n{"message":"ok"}']))).toEqual([
      { done: 1, total: 3 },
      { done: 3, total: 3 },
      { message: 'ok' },
    ]);
  });

  it('joins a line split across chunks, skips blank lines and reads CRLF endings', async () => {
    expect(await all(streamOf(['{"do', 'ne":2,"total"', ':4}\r\n', '\n', '{"message":"x"}\r\n']))).toEqual([
      { done: 2, total: 4 },
      { message: 'x' },
    ]);
  });

  it('joins a character split across bytes', async () => {
    const bytes = new TextEncoder().encode('{"message":"Créé"}\n');
    const cut = bytes.indexOf(0xc3) + 1;
    expect(await all(streamOf([bytes.slice(0, cut), bytes.slice(cut)]))).toEqual([{ message: 'Créé' }]);
  });

  it('yields each line as soon as it is complete', async () => {
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => {};
    let close: () => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        close = () => controller.close();
      },
    });
    const lines = readJsonLines(stream);
    push('{"done":1,"total":2}\n{"do');
    expect((await lines.next()).value).toEqual({ done: 1, total: 2 });
    push('ne":2,"total":2}\n');
    expect((await lines.next()).value).toEqual({ done: 2, total: 2 });
    close();
    expect((await lines.next()).done).toBe(true);
  });

  it('answers nothing for an empty body and throws on a line that is not JSON', async () => {
    expect(await all(streamOf([]))).toEqual([]);
    await expect(all(streamOf(['{"done":1}\n<html>\n']))).rejects.toThrow(SyntaxError);
  });
});
