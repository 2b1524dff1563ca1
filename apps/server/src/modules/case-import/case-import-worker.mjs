// Reads an imported CSV or XLSX file into a table of text, on a thread of its own
// (docs/product/case-import.md, docs/decisions/160-case-import-reads-in-a-worker.md). A file
// built to be expensive (a zip bomb, millions of columns, a huge cell) then costs this thread
// alone, and every bound is checked while reading, so such a file stops within the bound rather
// than after the work. Plain JavaScript, like the embedded database's worker, so it starts the same
// way under `npm start`, the tests and the benchmarks, with no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import { fail, LimitError, limitMessages } from './case-import-worker-limits.mjs';
import { xlsxGrid } from './case-import-xlsx.mjs';

/** An XLSX file is a ZIP archive, so it starts with "PK\x03\x04"; anything else is read as CSV. */
const isZip = (bytes) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * UTF-8 (a byte-order mark is fine); the delimiter is a comma, or a semicolon or tab when the
 * header holds one of those and no comma.
 */
function csvGrid(bytes, limits) {
  const say = limitMessages(limits);
  const text = bytes.toString('utf8');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes(';')
      ? ';'
      : firstLine.includes('\t')
        ? '\t'
        : ',';
  try {
    return parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      // A row never needs more than its columns' worth of characters: a cell without end stops
      // here instead of at the end of the file.
      max_record_size: limits.columnsMax * limits.cellMax,
      // Called for each cell as soon as it ends, so the bounds stop the parse where they are passed.
      cast: (value, context) => {
        if (context.index === 0 && context.records > limits.rowsMax) say.rows();
        if (context.index >= limits.columnsMax) say.columns();
        if (value.length > limits.cellMax) say.cell(context.records + 1);
        if (value.includes('\u0000')) fail(400, 'The file holds NUL characters; it is not a text table');
        return value;
      },
    });
  } catch (error) {
    if (error instanceof LimitError) throw error;
    if (error?.code === 'CSV_MAX_RECORD_SIZE') say.cell(error.lines);
    const where = error?.lines;
    fail(
      400,
      `The file is not valid CSV${where ? ` (near line ${where})` : ''}: ${String(error?.message)
        .replace(/^Invalid [^:]*: /, '')
        .slice(0, 200)}`,
    );
  }
}

/** The first row names the columns (an empty header cell is "Column n"); the rows follow, numbered from 2. */
function tableOf(grid) {
  const [header, ...rest] = grid;
  if (!header || header.every((h) => h.trim() === '')) {
    fail(400, 'The file is empty: its first row must name the columns');
  }
  return {
    columns: header.map((h, i) => h.trim() || `Column ${i + 1}`),
    rows: rest.map((cells, i) => ({ row: i + 2, cells })),
  };
}

async function read({ bytes, limits }) {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = isZip(file) ? 'xlsx' : 'csv';
  const grid = format === 'xlsx' ? await xlsxGrid(file, limits) : csvGrid(file, limits);
  return { format, table: tableOf(grid) };
}

try {
  parentPort.postMessage({ ok: true, ...(await read(workerData)) });
} catch (error) {
  if (error instanceof LimitError) {
    parentPort.postMessage({ ok: false, status: error.status, message: error.message });
  } else {
    parentPort.postMessage({ ok: false, status: 500, message: String(error?.stack ?? error) });
  }
}
