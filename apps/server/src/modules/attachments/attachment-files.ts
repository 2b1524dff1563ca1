import { type Attachment, INLINE_IMAGE_TYPES } from '@verdict/contract';

/**
 * How an uploaded file is named and typed, and how it is served back (docs/product/attachments.md,
 * "Downloads"). The app's origin serves the files, so nothing a browser would run may come back
 * as something it runs: HTML, SVG, XML and scripts are downloads of type application/octet-stream.
 */

const NAME_MAX = 255;

/**
 * Control characters and the invisible marks that reorder text: `invoice\u202Egpj.exe` would
 * show as "invoiceexe.jpg".
 */
function isUnwanted(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The file's own name: no folders (a browser may send `C:\Users\…\shot.png`), no control characters, at most 255 characters. */
export function fileNameOf(sent: string | undefined): string {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const kept = [...base].filter((char) => !isUnwanted(char.codePointAt(0)!)).join('');
  const name = [...kept.trim()].slice(0, NAME_MAX).join('').trim();
  return name === '' || name === '.' || name === '..' ? 'file' : name;
}

const TOKEN = "[a-z0-9][a-z0-9!#$&^_.+'-]{0,63}";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/** The media type as sent, lowercased and without parameters; application/octet-stream when unusable. */
export function contentTypeOf(sent: string | undefined): string {
  const essence = (sent ?? '').split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(essence) ? essence : 'application/octet-stream';
}

const INLINE = new Set<string>(INLINE_IMAGE_TYPES);

/** Types served as stored (always as a download): data a browser shows but never runs. */
const HARMLESS = new Set([
  'text/plain',
  'text/csv',
  'application/json',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'video/mp4',
  'video/webm',
]);

/** `"name"` in plain ASCII for old clients; anything else becomes `_`. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\%]/g, '_');

/** RFC 8187's encoding of `filename*`. */
const extendedName = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The headers of a download. Raster images are shown inline (thumbnails, the image itself);
 * everything else is an attachment. `nosniff` stops a browser from guessing HTML in a "text" file,
 * and the sandbox policy keeps even a file opened directly from running script or reaching the API.
 */
export function downloadHeaders(attachment: Attachment): Record<string, string> {
  const inline = INLINE.has(attachment.content_type);
  const type =
    inline || HARMLESS.has(attachment.content_type) ? attachment.content_type : 'application/octet-stream';
  const disposition = inline ? 'inline' : 'attachment';
  return {
    'content-type': type,
    'content-length': String(attachment.size),
    'content-disposition': `${disposition}; filename="${asciiName(attachment.name)}"; filename*=UTF-8''${extendedName(attachment.name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    // Access can be taken away and files deleted: a browser asks again each time.
    'cache-control': 'private, no-cache',
  };
}
