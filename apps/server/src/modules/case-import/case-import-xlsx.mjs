// The first sheet of an XLSX workbook as a grid of text, each cell as it is displayed
// (docs/product/case-import.md). The ZIP archive is read with yauzl: its central directory's
// declared sizes are checked before anything is inflated, and the inflated bytes are counted
// again as they come, since declared sizes can lie. The parts are parsed as they inflate (saxes),
// so no part is ever held whole, and the grid's bounds stop the parse at the cell that passes them.
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { fail, LimitError, limitMessages } from './case-import-worker-limits.mjs';

const unreadable = () => fail(400, 'The file is not a readable XLSX workbook');

/** A part smaller than this is never refused for its ratio (as Apache POI's zip-bomb check). */
const RATIO_GRACE_BYTES = 100 * 1024;
/** Excel writes number formats of at most 255 characters. */
const FORMAT_MAX = 255;

const localName = (name) => name.slice(name.indexOf(':') + 1);
function attribute(attributes, name) {
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** A relationship's target, resolved against the folder of the part that names it. */
function resolvePart(folder, target) {
  const path = target.startsWith('/') ? target.slice(1) : folder + target;
  const out = [];
  for (const segment of path.split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}
const folderOf = (part) => part.slice(0, part.lastIndexOf('/') + 1);
const relsOf = (part) => `${folderOf(part)}_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`;

/** Column letters to a number: A is 1, Z 26, AA 27; null when the reference has no letters. */
function columnOf(ref) {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    n = n * 26 + (c - 0x60);
    if (n > 1e9) break;
  }
  return i === 0 ? null : n;
}
const rowOf = (ref) => {
  const digits = /[0-9]+$/.exec(ref);
  return digits ? Number(digits[0]) : null;
};

/** Excel's escape of characters XML cannot hold: `_x000D_`. */
const unescapeText = (text) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    : text;

export async function xlsxGrid(bytes, limits) {
  const say = limitMessages(limits);
  let zip;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true });
  } catch {
    unreadable();
  }
  if (zip.entryCount > limits.partsMax) say.parts(zip.entryCount);

  // The central directory: every part's declared size and ratio, before any is inflated.
  const parts = new Map();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.uncompressedSize > limits.inflatedMax) say.inflated(entry.uncompressedSize);
      if (
        entry.uncompressedSize > RATIO_GRACE_BYTES &&
        entry.uncompressedSize > limits.ratioMax * Math.max(entry.compressedSize, 1)
      ) {
        say.ratio();
      }
      parts.set(entry.fileName.toLowerCase(), entry);
    }
  } catch (error) {
    if (error instanceof LimitError) throw error;
    unreadable();
  }

  let inflated = 0;
  /** Streams a part through an XML parser, counting what inflates against the bounds. */
  async function parsePart(name, handlers) {
    const entry = parts.get(name.toLowerCase());
    if (!entry) return false;
    const parser = new SaxesParser();
    const open = [];
    parser.on('opentag', (tag) => {
      const local = localName(tag.name);
      open.push(local);
      handlers.open?.(local, tag.attributes, open);
    });
    parser.on('closetag', (tag) => {
      open.pop();
      handlers.close?.(localName(tag.name), open);
    });
    if (handlers.text) {
      parser.on('text', (text) => handlers.text(text, open));
      parser.on('cdata', (text) => handlers.text(text, open));
    }
    let stream;
    try {
      stream = await zip.openReadStreamPromise(entry);
      const decoder = new TextDecoder();
      let seen = 0;
      for await (const chunk of stream) {
        seen += chunk.length;
        inflated += chunk.length;
        if (seen > entry.uncompressedSize) say.lied();
        if (inflated > limits.inflatedMax) say.inflated();
        parser.write(decoder.decode(chunk, { stream: true }));
      }
      parser.write(decoder.decode());
      parser.close();
    } catch (error) {
      if (error instanceof LimitError) throw error;
      // yauzl's own check that a part does not inflate past its declared size.
      if (/too many bytes/.test(String(error?.message))) say.lied();
      unreadable();
    } finally {
      stream?.destroy();
    }
    return true;
  }

  async function relationships(part) {
    const targets = new Map();
    const types = new Map();
    await parsePart(relsOf(part), {
      open(name, attributes) {
        if (name !== 'Relationship' || typeof attributes.Target !== 'string') return;
        if (attributes.TargetMode === 'External') return;
        const target = resolvePart(folderOf(part), attributes.Target);
        targets.set(attributes.Id, target);
        const type = String(attributes.Type ?? '');
        types.set(type.slice(type.lastIndexOf('/') + 1), target);
      },
    });
    return { targets, types };
  }

  const root = await relationships('');
  const workbookPart = root.types.get('officeDocument') ?? 'xl/workbook.xml';
  let firstSheetId;
  let date1904 = false;
  const found = await parsePart(workbookPart, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(String(attributes.date1904));
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attribute(attributes, 'id');
    },
  });
  if (!found) unreadable();
  const book = await relationships(workbookPart);
  const sheetPart = book.targets.get(firstSheetId);
  if (!sheetPart || !parts.has(sheetPart.toLowerCase())) fail(400, 'The workbook has no sheet');
  const stringsPart = book.types.get('sharedStrings');
  const stylesPart = book.types.get('styles');
  const declared = [sheetPart, stringsPart, stylesPart].reduce(
    (sum, part) => sum + (part ? (parts.get(part.toLowerCase())?.uncompressedSize ?? 0) : 0),
    inflated,
  );
  if (declared > limits.inflatedMax) say.inflated(declared);

  const formats = stylesPart ? await numberFormats(parsePart, stylesPart) : [];
  const strings = stringsPart ? await sharedStrings(parsePart, stringsPart, limits) : [];
  // SheetJS's number formatter (SSF) shows numbers and dates as Excel does; loaded here, on this
  // thread, only when a workbook is read.
  const { SSF } = await import('@e965/xlsx');
  const display = (cell) => {
    switch (cell.type) {
      case 's':
        return strings[Number(cell.text)] ?? '';
      case 'inlineStr':
        return unescapeText(cell.text);
      case 'b':
        return cell.text === '1' || cell.text === 'true' ? 'TRUE' : cell.text === '' ? '' : 'FALSE';
      case 'e':
      case 'str':
      case 'd':
        return cell.text;
      default: {
        if (cell.text.trim() === '') return '';
        const number = Number(cell.text);
        if (!Number.isFinite(number)) return cell.text;
        try {
          return SSF.format(formats[cell.style] ?? 0, number, { date1904 });
        } catch {
          return SSF.format(0, number);
        }
      }
    }
  };

  const grid = [];
  let firstRow = Infinity;
  let firstColumn = Infinity;
  let lastColumn = 0;
  let text = 0;
  let row = 0;
  let column = 0;
  let cell = null;
  await parsePart(sheetPart, {
    open(name, attributes, open) {
      if (name === 'row') {
        row = attributes.r === undefined ? row + 1 : Number(attributes.r);
        column = 0;
      } else if (name === 'c' && open[open.length - 2] === 'row') {
        const ref = typeof attributes.r === 'string' ? attributes.r : '';
        column = columnOf(ref) ?? column + 1;
        row = rowOf(ref) ?? row;
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), text: '' };
      }
    },
    text(chunk, open) {
      if (!cell) return;
      const at = open[open.length - 1];
      if (at === 'v' || (at === 't' && open.includes('is') && !open.includes('rPh'))) {
        cell.text += chunk;
        if (cell.text.length > limits.cellMax) say.cell(row);
      }
    },
    close(name) {
      if (name !== 'c' || !cell) return;
      const value = display(cell);
      cell = null;
      if (value === '') return;
      if (!Number.isSafeInteger(row) || row < 1) unreadable();
      if (row > limits.rowsMax + 1) say.rows();
      if (column > limits.columnsMax) say.columns();
      if (value.length > limits.cellMax) say.cell(row);
      if (value.includes('\u0000')) fail(400, 'The file holds NUL characters; it is not a text table');
      text += value.length;
      if (text > limits.textMax) say.text();
      grid[row - 1] ??= [];
      grid[row - 1][column - 1] = value;
      firstRow = Math.min(firstRow, row - 1);
      firstColumn = Math.min(firstColumn, column - 1);
      lastColumn = Math.max(lastColumn, column);
    },
  });

  // The rows from the first that holds a value, each from the first column that holds one, as
  // SheetJS made them; the header spans every column.
  const rows = [];
  for (let r = firstRow; r < grid.length; r++) {
    const cells = grid[r] ?? [];
    const width = r === firstRow ? lastColumn : cells.length;
    const out = [];
    for (let c = firstColumn; c < width; c++) out.push(cells[c] ?? '');
    rows.push(out);
  }
  return rows;
}

/** Each cell style's number format: a built-in format's number, or the workbook's own format text. */
async function numberFormats(parsePart, part) {
  const custom = new Map();
  const formats = [];
  await parsePart(part, {
    open(name, attributes, open) {
      if (name === 'numFmt' && typeof attributes.formatCode === 'string') {
        if (attributes.formatCode.length <= FORMAT_MAX) {
          custom.set(Number(attributes.numFmtId), attributes.formatCode);
        }
      } else if (name === 'xf' && open[open.length - 2] === 'cellXfs') {
        const id = Number(attributes.numFmtId ?? 0);
        formats.push(custom.get(id) ?? (Number.isInteger(id) ? id : 0));
      }
    },
  });
  return formats;
}

/** The shared strings, each the text of its runs (phonetic guides left out). */
async function sharedStrings(parsePart, part, limits) {
  const say = limitMessages(limits);
  const strings = [];
  let current = null;
  let total = 0;
  await parsePart(part, {
    open(name) {
      if (name === 'si') current = '';
    },
    text(chunk, open) {
      if (current === null || open[open.length - 1] !== 't' || open.includes('rPh')) return;
      current += chunk;
      if (current.length > limits.cellMax) say.cell();
      total += chunk.length;
      if (total > limits.textMax) say.text();
    },
    close(name) {
      if (name !== 'si' || current === null) return;
      strings.push(unescapeText(current));
      current = null;
    },
  });
  return strings;
}
