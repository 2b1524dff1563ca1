import { EVIDENCE_LIMITS } from '@verdict/contract';
import type { ReportedAttachment } from './reported-case.ts';

/**
 * What the readers share about the files a report names as a test's evidence
 * (docs/product/report-formats.md, "Evidence"): their types, the bytes a report carries inline, and
 * Jenkins' `[[ATTACHMENT|path]]` lines in a test's output.
 */

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  mp4: 'video/mp4',
  webm: 'video/webm',
  html: 'text/html',
  xml: 'application/xml',
};
const EXTENSIONS: Record<string, string> = Object.fromEntries(
  Object.entries(TYPES)
    .filter(([extension]) => !['jpeg', 'log', 'gz'].includes(extension))
    .map(([extension, type]) => [type, extension]),
);

/** The last segment of a path, Windows' or POSIX's. */
export const lastSegment = (path: string) => path.split(/[\\/]/).pop() ?? '';

/** The type a file's name shows; application/octet-stream when it shows none known. */
export function contentTypeOfName(name: string): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase();
  return (extension && TYPES[extension]) || 'application/octet-stream';
}

/** A name for bytes the report carries: its own, with the extension of its type when it has none. */
export function inlineName(name: string, contentType: string): string {
  const base = name.trim() || 'attachment';
  if (/\.[A-Za-z0-9]{1,8}$/.test(base)) return base;
  const extension = EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()];
  return extension ? `${base}.${extension}` : base;
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/**
 * Bytes written as base64 (Playwright's `body`, Cucumber's embeddings). Cucumber-JS writes a text
 * attachment as the text itself: what is not base64 is taken as UTF-8 text.
 */
export function bytesOfData(data: string, contentType: string): Buffer {
  if (contentType.startsWith('text/') && !BASE64.test(data)) return Buffer.from(data, 'utf8');
  return Buffer.from(data, 'base64');
}

/** A file named by a path on the machine that ran the tests; null for an empty path. */
export function pathAttachment(path: string, contentType?: string): ReportedAttachment | null {
  const trimmed = path.trim();
  if (!trimmed) return null;
  const name = lastSegment(trimmed);
  return { name, contentType: contentType || contentTypeOfName(name), path: trimmed };
}

const MARKER = /\[\[ATTACHMENT\|([^\]\r\n]+)\]\]/g;
/** Most markers kept per test before the import's own bound (EVIDENCE_LIMITS.perTestMax) applies. */
const MARKERS_MAX = 1000;

/**
 * The `[[ATTACHMENT|path]]` lines of a test's output (the Jenkins JUnit attachments convention),
 * read as the text arrives in pieces: a marker cut between two pieces is still found.
 */
export class AttachmentMarkers {
  private carry = '';
  readonly found: ReportedAttachment[] = [];

  feed(text: string): void {
    const scanned = this.carry + text;
    let end = 0;
    for (const match of scanned.matchAll(MARKER)) {
      end = match.index + match[0].length;
      const file = pathAttachment(match[1]!);
      if (file && this.found.length < MARKERS_MAX) this.found.push(file);
    }
    // What may be the start of a marker the next piece ends.
    let open = scanned.lastIndexOf('[[');
    if (open < end) open = scanned.endsWith('[') ? scanned.length - 1 : -1;
    this.carry =
      open >= end && scanned.length - open <= EVIDENCE_LIMITS.pathMax + 20 ? scanned.slice(open) : '';
  }

  /** The output element ended: a marker never closed is not one. */
  close(): void {
    this.carry = '';
  }
}
