import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ListQuery } from '@verdict/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Answers shorter than this (about 200 cases) are cheaper to read again than to keep. */
const MIN_CACHED_BYTES = 24 * 1024;
const MAX_CACHED_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: string;
  json: Buffer;
  /** Made with the read, before anyone is answered: a changed list goes out compressed too. */
  gzipped: Buffer;
}

/**
 * The serialized answers of large case lists (a 10,000-case suite is 1.5 MB of JSON), kept
 * with the version of their suite or project at the time they were read (suite_list_versions or project_stats.version,
 * bumped by triggers in the same transaction as every write that changes a case list). A
 * request still reads that version, and checks access, before it reuses an answer; a changed
 * version reads the list again. Old answers go first when the cache is full.
 */
export class CaseListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<{ json: Buffer; kept: Entry | null }>>();
  private bytes = 0;

  async send(request: FastifyRequest, reply: FastifyReply, list: CaseListSource): Promise<FastifyReply> {
    const { key, version, load } = list;
    let entry = this.entries.get(key);
    if (entry?.version !== version) {
      // Requests that miss together share one read: fifty of them must not each build 1.5 MB.
      const flightKey = `${key}@${version}`;
      let flight = this.inFlight.get(flightKey);
      if (!flight) {
        flight = this.read(key, version, load).finally(() => this.inFlight.delete(flightKey));
        this.inFlight.set(flightKey, flight);
      }
      const read = await flight;
      if (!read.kept) return sendJson(reply, read.json);
      entry = read.kept;
    }
    reply.header('vary', 'accept-encoding');
    if (acceptsGzip(request)) {
      reply.header('content-encoding', 'gzip');
      return sendJson(reply, entry.gzipped);
    }
    return sendJson(reply, entry.json);
  }

  private async read(
    key: string,
    version: string,
    load: () => Promise<string>,
  ): Promise<{ json: Buffer; kept: Entry | null }> {
    const json = Buffer.from(await load());
    if (json.length < MIN_CACHED_BYTES) return { json, kept: null };
    // Compressed off the main thread (zlib's pool), once for every request waiting on this read.
    const entry: Entry = { version, json, gzipped: await gzipAsync(json, { level: 6 }) };
    this.store(key, entry);
    return { json, kept: entry };
  }

  private store(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes + entry.json.length + entry.gzipped.length <= MAX_CACHED_BYTES) break;
      this.forget(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.json.length + entry.gzipped.length;
  }

  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.json.length + entry.gzipped.length;
  }
}

function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!;q=0(\.0*)?\b)/.test(header);
}

/** A case list the caller may read: where it is kept, its project's version, how to read it. */
export interface CaseListSource {
  key: string;
  /** project_stats.version as text (int8 arrives as a string from one driver, a number from the other). */
  version: string;
  /** The list's answer as JSON text, made by the database (cases-repository.ts). */
  load: () => Promise<string>;
}

/** The part of a list's address that changes its answer. */
export function listKey(scope: string, id: number, query: ListQuery): string {
  return `${scope}:${id}:${query.q ?? ''}:${query.limit ?? ''}:${query.offset ?? ''}`;
}
