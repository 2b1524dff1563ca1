/**
 * A streamed answer of JSON lines (`application/x-ndjson`, as the import calls give) that a test
 * feeds one line at a time: hand `response` to the mock, then `send` lines and `end` it.
 */
export function lineStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    send: (line: unknown) => controller?.enqueue(encoder.encode(`${JSON.stringify(line)}\n`)),
    end: () => controller?.close(),
  };
}
