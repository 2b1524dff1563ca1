import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Workbooks written byte by byte, so a test can make the hostile ones no spreadsheet program
 * writes: parts that inflate a thousandfold, central directories that lie about sizes, sheets
 * whose cells sit past every bound.
 */

export interface ZipPart {
  name: string;
  /** The part's bytes, deflated here. */
  text?: string;
  /** Or a raw DEFLATE stream made elsewhere, with the size it inflates to. */
  deflated?: { bytes: Buffer; size: number };
  /** The uncompressed size the archive declares, when it should not be the true one. */
  declaredSize?: number;
}

export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const raw = part.text === undefined ? null : Buffer.from(part.text);
    const data = raw ? deflateRawSync(raw) : part.deflated!.bytes;
    const size = part.declaredSize ?? (raw ? raw.length : part.deflated!.size);
    const crc = raw ? crc32(raw) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A DEFLATE stream of `head`, then `chunk` `times` over, then `tail`, made without ever holding
 * the inflated text: each piece is flushed to a byte boundary with a reset dictionary, so the
 * chunk's compressed bytes can be repeated as they are.
 */
export function repeatedDeflate(head: string, chunk: string, times: number, tail: string) {
  const piece = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const repeated = piece(chunk);
  const bytes = Buffer.concat([
    piece(head),
    ...Array.from({ length: times }, () => repeated),
    piece(tail),
    Buffer.from([0x03, 0x00]), // an empty final block
  ]);
  return { bytes, size: head.length + chunk.length * times + tail.length };
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/** An inline-string cell. */
export const cell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;

/** A sheet's rows of inline strings, the first being row 1. */
export function sheetXml(rows: string[][], extra = ''): string {
  const letters = (n: number): string =>
    n < 26
      ? String.fromCharCode(65 + n)
      : letters(Math.floor(n / 26) - 1) + String.fromCharCode(65 + (n % 26));
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells.map((c, i) => cell(`${letters(i)}${r + 1}`, c)).join('')}</row>`,
    )
    .join('');
  return `${SHEET_HEAD.replace('<sheetData>', `${extra}<sheetData>`)}${body}${SHEET_TAIL}`;
}

/** A workbook of one sheet; `sheet` is the sheet part, `strings` the shared strings' part when any. */
export function workbookOf(sheet: Omit<ZipPart, 'name'>, strings?: Omit<ZipPart, 'name'>): Buffer {
  const stringsRel = strings
    ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`
    : '';
  return zipOf([
    {
      name: '[Content_Types].xml',
      text:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        (strings
          ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
          : '') +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Cases" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${stringsRel}</Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(strings ? [{ name: 'xl/sharedStrings.xml', ...strings }] : []),
  ]);
}

/** A shared-strings part holding these strings. */
export const sharedStringsXml = (strings: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings
    .map((s) => `<si><t>${s}</t></si>`)
    .join('')}</sst>`;
