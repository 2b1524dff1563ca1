/**
 * Reads a stream of JSON lines (`application/x-ndjson`, docs/product/case-import-screens.md,
 * "Importing") as it arrives: each complete line is parsed and yielded at once; a line split
 * across chunks (or a character split across bytes) waits for the rest. Blank lines are skipped;
 * the last line needs no newline. A line that is not JSON throws a `SyntaxError`.
 */
export async function* readJsonLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = pending.split('\n');
      // The last piece is a line still coming (or '' after a newline); at the end it is complete.
      pending = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        const text = line.trim();
        if (text !== '') yield JSON.parse(text);
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
