import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync, gzip } from 'node:zlib';
import type { ListQuery } from '@verdict/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListChanges } from './cases-repository.ts';

const gzipAsync = promisify(gzip);
const deflateRawAsync = promisify(deflateRaw);

/** Answers shorter than this (about 200 cases) are cheaper to read again than to keep. */
const MIN_CACHED_BYTES = 24 * 1024;
/** A kept list is cut into blocks of about this much JSON; a change compresses its block again. */
const BLOCK_BYTES = 32 * 1024;

/**
 * The serialized answers of large case lists (a 10,000-case suite is 1.5 MB of JSON), kept
 * with the version of their suite or project at the time they were read (suite_list_versions or
 * project_stats.version, bumped by triggers in the same transaction as every write that changes
 * a case list). A request still reads that version, and checks access, before it reuses an
 * answer. When the version moved on, the list applies what changed since (case_list_changes:
 * the changed cases and their ancestors, read again by primary key) instead of reading every
 * case again: one result recorded in a 10,000-case suite costs a few rows, not 10,000. It reads
 * the whole list again when the changes are gone or too large, or the list is paged. Old
 * answers go first when the cache is full.
 *
 * The gzip of a kept list is made of independently compressed blocks (see `gzipOf`), so a
 * change compresses its 32 KB block again rather than the whole 1.5 MB.
 *
 * A kept list answered without gzip goes out as its blocks, one after the other as the socket
 * takes them, with no copy of the whole list per request (decision record 183).
 *
 * What is kept is bounded by `maxBytes` (CASE_LIST_CACHE_BYTES): the blocks' JSON and gzip, and
 * the whole gzip answer. A list larger than the bound is answered but not kept.
 *
 * Each answer says how it was made in a Server-Timing header (`list;desc="kept"`, `"patched"`,
 * `"read"`): browsers' developer tools show it, and the tests check it.
 */
export class CaseListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Answer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  async send(request: FastifyRequest, reply: FastifyReply, list: CaseListSource): Promise<FastifyReply> {
    const { key, version } = list;
    let entry = this.entries.get(key);
    let how: Answer['how'] | 'kept' = 'kept';
    if (!entry || !isAtLeast(entry.version, version)) {
      // Requests that miss together share one read: fifty of them must not each build 1.5 MB.
      const flightKey = `${key}@${version}`;
      let flight = this.inFlight.get(flightKey);
      if (!flight) {
        flight = this.refresh(list, entry).finally(() => this.inFlight.delete(flightKey));
        this.inFlight.set(flightKey, flight);
      }
      const answer = await flight;
      how = answer.how;
      if (!answer.kept) return sendJson(reply.header('server-timing', `list;desc="${how}"`), answer.json);
      entry = answer.kept;
    }
    reply.header('server-timing', `list;desc="${how}"`);
    reply.header('vary', 'accept-encoding');
    if (acceptsGzip(request)) {
      reply.header('content-encoding', 'gzip');
      return sendJson(reply, entry.gzipped);
    }
    if (!entry.blocks) return sendJson(reply, entry.json());
    return reply
      .type('application/json; charset=utf-8')
      .header('content-length', entry.jsonLength)
      .send(Readable.from(jsonPieces(entry.blocks), { objectMode: false }));
  }

  private async refresh(list: CaseListSource, old: Entry | undefined): Promise<Answer> {
    if (old?.blocks && list.changes && old.version[0] === list.version[0]) {
      const changes = await list.changes(versionNumber(old.version));
      if (changes.complete) {
        const entry = new Entry(changes.version, await patch(old.blocks, changes));
        this.store(list.key, entry);
        return { how: 'patched', kept: entry };
      }
    }
    const text = await list.load();
    const json = Buffer.from(text);
    if (json.length < MIN_CACHED_BYTES) return { how: 'read', json, kept: null };
    // Too large to keep: answered from what was read, as a list too small to keep is.
    if (json.length > this.maxBytes) return { how: 'read', json, kept: null };
    const split = splitRows(text);
    const entry = split
      ? new Entry(list.version, await blocksOf(split.ids, split.rows))
      : // Not the shape row_to_json writes: kept whole, and read again after any change.
        new Entry(list.version, null, json, await gzipAsync(json, { level: 6 }));
    this.store(list.key, entry);
    return { how: 'read', kept: entry };
  }

  private store(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    // A slower read of an older version never replaces a newer one.
    if (old && isAtLeast(old.version, entry.version) && old.version !== entry.version) return;
    if (old) this.forget(key, old);
    if (entry.bytes > this.maxBytes) return;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes + entry.bytes <= this.maxBytes) break;
      this.forget(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

type Answer =
  | { how: 'read' | 'patched'; kept: Entry; json?: undefined }
  | { how: 'read'; kept: null; json: Buffer };

/** A kept list: its rows in blocks, and its gzip made before anyone is answered. */
class Entry {
  readonly gzipped: Buffer;
  readonly bytes: number;
  /** Bytes of the answer without compression. */
  readonly jsonLength: number;

  constructor(
    readonly version: string,
    readonly blocks: readonly Block[] | null,
    private readonly whole: Buffer | null = null,
    gzipped: Buffer | null = null,
  ) {
    this.gzipped = gzipped ?? gzipOf(blocks ?? []);
    this.jsonLength = whole ? whole.length : jsonLengthOf(blocks ?? []);
    // The blocks' UTF-8 text and compressed text, the gzip answer, and the ids.
    const kept = (blocks ?? []).reduce((n, b) => n + b.text.length + b.deflated.length + 8 * b.ids.length, 0);
    this.bytes = kept + this.gzipped.length + (whole ? whole.length : 0);
  }

  /** The answer uncompressed, when the list is kept whole rather than in blocks. */
  json(): Buffer {
    return this.whole ?? Buffer.concat(jsonPieces(this.blocks ?? []));
  }
}

interface Block {
  /** Ascending; never empty. */
  ids: number[];
  /** The rows, as row_to_json writes them, joined with commas. */
  text: Buffer;
  /** CRC-32 of `text`, so a gzip trailer is worked out without reading every block again. */
  crc: number;
  /** `text` compressed on its own, ending on a full flush (see gzipOf). */
  deflated: Buffer;
}

/** `s<n>` or `p<n>` (findListScope): a version is at least another of the same scope kind. */
function isAtLeast(version: string, other: string): boolean {
  return version[0] === other[0] && versionNumber(version) >= versionNumber(other);
}

function versionNumber(version: string): number {
  return Number(version.slice(1));
}

const ROW_START = '{"id":';

/**
 * The rows of a list the database wrote as `[row,row,…]` (cases-repository.ts, listCasesJson),
 * each starting `{"id":`. Inside a JSON string every `"` is escaped, so `},{"id":` only ever
 * separates two rows. Null when the text is not that shape (ids not ascending, for one).
 */
function splitRows(text: string): { ids: number[]; rows: string[] } | null {
  if (text === '[]' || !text.startsWith(`[${ROW_START}`) || !text.endsWith('}]')) return null;
  const parts = text.slice(1, -1).split(`},${ROW_START}`);
  const rows = parts.map((part, i) => (i > 0 ? ROW_START : '') + part + (i < parts.length - 1 ? '}' : ''));
  const ids = rows.map((row) => Number.parseInt(row.slice(ROW_START.length), 10));
  for (let i = 0; i < ids.length; i++) {
    if (!Number.isSafeInteger(ids[i]) || (i > 0 && ids[i]! <= ids[i - 1]!)) return null;
  }
  return { ids, rows };
}

/** Cuts rows into blocks of about BLOCK_BYTES and compresses them in zlib's thread pool. */
async function blocksOf(ids: number[], rows: string[]): Promise<Block[]> {
  const cuts: Array<{ ids: number[]; text: Buffer }> = [];
  let start = 0;
  let size = 0;
  for (let i = 0; i < rows.length; i++) {
    size += rows[i]!.length + 1;
    if (size >= BLOCK_BYTES || i === rows.length - 1) {
      cuts.push({ ids: ids.slice(start, i + 1), text: Buffer.from(rows.slice(start, i + 1).join(',')) });
      start = i + 1;
      size = 0;
    }
  }
  return Promise.all(
    cuts.map(async (cut) => ({
      ...cut,
      crc: crc32(cut.text),
      deflated: await deflateRawAsync(cut.text, DEFLATE_OPTIONS),
    })),
  );
}

async function blockOf(ids: number[], rows: string[]): Promise<Block> {
  const text = Buffer.from(rows.join(','));
  return { ids, text, crc: crc32(text), deflated: await deflateRawAsync(text, DEFLATE_OPTIONS) };
}

/** A block's rows again, from its text (only the blocks a change touches are split). */
function rowsOf(block: Block): string[] {
  const parts = block.text.toString().split(`},${ROW_START}`);
  return parts.map((part, i) => (i > 0 ? ROW_START : '') + part + (i < parts.length - 1 ? '}' : ''));
}

/**
 * The blocks with `changes` applied: each candidate's row replaced by its new one, or dropped
 * when the list no longer shows it, new rows put in id order. Only the blocks a candidate falls
 * in are rebuilt (and compressed again, in zlib's thread pool); the others are shared with the
 * old entry, which may still be answering.
 */
async function patch(blocks: readonly Block[], changes: ListChanges): Promise<Block[]> {
  const fresh = new Map(changes.ids.map((id, i) => [id, changes.rows[i]!]));
  // Candidate ids by the block whose range holds them: block i holds ids from its first id up
  // to the next block's first id (the first block also holds anything lower).
  const touched = new Map<number, number[]>();
  for (const id of changes.candidates) {
    const at = blockIndexFor(blocks, id);
    const list = touched.get(at) ?? [];
    list.push(id);
    touched.set(at, list);
  }
  const result: Array<Block | Promise<Block>> = [];
  const count = Math.max(blocks.length, 1);
  for (let i = 0; i < count; i++) {
    const block = blocks[i];
    const ids = touched.get(i);
    if (!ids) {
      if (block) result.push(block);
      continue;
    }
    const candidates = new Set(ids);
    const pairs: Array<[number, string]> = [];
    const rows = block ? rowsOf(block) : [];
    block?.ids.forEach((id, j) => {
      if (!candidates.has(id)) pairs.push([id, rows[j]!]);
    });
    for (const id of ids) {
      const row = fresh.get(id);
      if (row !== undefined) pairs.push([id, row]);
    }
    pairs.sort((x, y) => x[0] - y[0]);
    // A block that grew past twice its size is cut in two; an emptied one goes.
    const size = pairs.reduce((n, [, row]) => n + row.length + 1, 0);
    const parts =
      size > 2 * BLOCK_BYTES ? [pairs.slice(0, pairs.length >> 1), pairs.slice(pairs.length >> 1)] : [pairs];
    for (const part of parts) {
      if (part.length === 0) continue;
      result.push(
        blockOf(
          part.map(([id]) => id),
          part.map(([, row]) => row),
        ),
      );
    }
  }
  return Promise.all(result);
}

function blockIndexFor(blocks: readonly Block[], id: number): number {
  let low = 0;
  let high = blocks.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (blocks[mid]!.ids[0]! <= id) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

// Each piece compressed on its own and ended with a full flush: byte-aligned, not final, and
// referring to nothing before it, so pieces made at different times can follow one another in
// one deflate stream (RFC 1951). The closing `]` ends the stream.
const DEFLATE_OPTIONS = { level: 6, finishFlush: constants.Z_FULL_FLUSH };
const OPEN = deflateRawSync('[', DEFLATE_OPTIONS);
const COMMA = deflateRawSync(',', DEFLATE_OPTIONS);
const CLOSE = deflateRawSync(']');
// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);

/** The list as one gzip member: the header, the blocks' deflated pieces, CRC-32 and length. */
function gzipOf(blocks: readonly Block[]): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER, OPEN];
  let crc = crc32('[');
  let length = 2;
  blocks.forEach((block, i) => {
    if (i > 0) {
      pieces.push(COMMA);
      crc = crc32(',', crc);
      length += 1;
    }
    pieces.push(block.deflated);
    crc = crc32Combine(crc, block.crc, block.text.length);
    length += block.text.length;
  });
  pieces.push(CLOSE);
  crc = crc32(']', crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

// CRC-32 of two texts joined, from the CRC of each and the second's length, as zlib's
// crc32_combine works it out (polynomial arithmetic modulo the CRC's polynomial), so a gzip
// trailer costs a few operations per block instead of a pass over the whole list.
const CRC_POLYNOMIAL = 0xedb88320;

/** a(x) * b(x) modulo the polynomial (bit-reflected, as the CRC is). */
function multiplyModulo(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k in 0..31. */
const X_TO_2_TO_K = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    table.push(p);
    p = multiplyModulo(p, p);
  }
  return table;
})();

function crc32Combine(first: number, second: number, secondLength: number): number {
  // x^(8 * secondLength): the first text's CRC moved past the second's bytes.
  let shift = 0x80000000; // x^0
  let k = 3;
  for (let n = secondLength; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) shift = multiplyModulo(X_TO_2_TO_K[k % 32]!, shift);
  }
  return (multiplyModulo(shift, first) ^ second) >>> 0;
}

function jsonLengthOf(blocks: readonly Block[]): number {
  return blocks.reduce((n, block) => n + block.text.length, 2 + Math.max(blocks.length - 1, 0));
}

function jsonPieces(blocks: readonly Block[]): Buffer[] {
  const pieces: Buffer[] = [Buffer.from('[')];
  blocks.forEach((block, i) => {
    if (i > 0) pieces.push(Buffer.from(','));
    pieces.push(block.text);
  });
  pieces.push(Buffer.from(']'));
  return pieces;
}

function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!;q=0(\.0*)?\b)/.test(header);
}

/** A case list the caller may read: where it is kept, its version, how to read it. */
export interface CaseListSource {
  key: string;
  /** `s<n>` or `p<n>`: its suite's or project's list version (findListScope). */
  version: string;
  /** The list's answer as JSON text, made by the database (cases-repository.ts). */
  load: () => Promise<string>;
  /** What changed since a version of the same scope; absent for a paged list. */
  changes?: ((since: number) => Promise<ListChanges>) | undefined;
}

/** The part of a list's address that changes its answer. */
export function listKey(scope: string, id: number, query: ListQuery): string {
  return `${scope}:${id}:${query.q ?? ''}:${query.limit ?? ''}:${query.offset ?? ''}`;
}
