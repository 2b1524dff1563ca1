import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { createGunzip } from 'node:zlib';
import { AppError, BadRequestError } from '../../lib/errors.ts';

/**
 * How the import's request body is read: the raw bytes (optionally gzip-compressed, which cuts
 * a CI upload by 10–20×) pass through a byte counter that stops at the configured limit, then
 * are decoded to text once. The limit counts decompressed bytes, so a small "zip bomb" is
 * refused like a large report.
 */

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(
      413,
      `The report is larger than the limit of ${formatBytes(limitBytes)} (server setting IMPORT_MAX_BYTES)`,
    );
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** Passes bytes through until more than `limit` have passed, then fails with a 413. */
class ByteLimit extends Transform {
  private seen = 0;
  /** Bytes received on the wire; Fastify compares it with Content-Length. */
  receivedEncodedLength = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(new PayloadTooLargeError(this.limit));
    else done(null, chunk);
  }
}

/** The body stream for Fastify's preParsing hook: decompressed when gzip, always size-limited. */
export function limitedReportStream(
  payload: Readable,
  contentEncoding: string | undefined,
  limit: number,
): Readable {
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip') {
    throw new UnsupportedMediaTypeError(
      `Content-Encoding "${encoding}" is not supported; send the report plain or gzip-compressed`,
    );
  }
  const limiter = new ByteLimit(limit);
  // When the body is refused before it is read (an unsupported Content-Type), nobody listens
  // to this stream; its error must not become an uncaught exception that stops the server.
  // Readers that do listen still receive it.
  limiter.on('error', () => {});
  payload.on('data', (chunk: Buffer) => {
    limiter.receivedEncodedLength += chunk.length;
  });
  if (encoding === 'identity') {
    payload.on('error', (error) => limiter.destroy(error));
    return payload.pipe(limiter);
  }
  const gunzip = createGunzip();
  payload.on('error', (error) => gunzip.destroy(error));
  gunzip.on('error', () => limiter.destroy(new BadRequestError('The report is not valid gzip data')));
  return payload.pipe(gunzip).pipe(limiter);
}

const SUPPORTED_ENCODINGS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'iso-8859-1': 'latin1',
  latin1: 'latin1',
  'windows-1252': 'windows-1252',
};

/** How much of the report is decoded (and then parsed) at a time: about a millisecond's work. */
export const REPORT_SLICE_BYTES = 64 * 1024;
/** The XML declaration, which names the encoding, fits in the first bytes. */
const DECLARATION_BYTES = 200;

function decoderFor(head: Buffer): TextDecoder {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le');
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be');
  const start = head.subarray(0, DECLARATION_BYTES).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    start,
  )?.[1];
  const encoding = declared ? SUPPORTED_ENCODINGS[declared.toLowerCase()] : 'utf-8';
  if (!encoding) {
    throw new BadRequestError(
      `The report's encoding "${declared}" is not supported; write the report as UTF-8`,
    );
  }
  // TextDecoder drops a leading byte-order mark.
  return new TextDecoder(encoding);
}

/**
 * The report's text as its bytes arrive, decoded as its XML declaration says (UTF-8 when it
 * says nothing), after a byte-order mark if any, in pieces of at most REPORT_SLICE_BYTES
 * however large the chunks that arrive: nothing holds the whole report, and the caller can
 * let other work in between pieces. Reports from the common runners are UTF-8; Latin-1 and
 * UTF-16 are accepted for older tools.
 */
export async function* reportText(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head: Buffer[] = [];
  let headBytes = 0;
  for await (const chunk of body) {
    let bytes = chunk;
    if (!decoder) {
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes < DECLARATION_BYTES) continue;
      bytes = head.length === 1 ? chunk : Buffer.concat(head);
      head = [];
      decoder = decoderFor(bytes);
    }
    for (let start = 0; start < bytes.length; start += REPORT_SLICE_BYTES) {
      const text = decoder.decode(bytes.subarray(start, start + REPORT_SLICE_BYTES), { stream: true });
      if (text) yield text;
    }
  }
  const rest = decoder ? decoder.decode() : decoderFor(Buffer.concat(head)).decode(Buffer.concat(head));
  if (rest) yield rest;
}
