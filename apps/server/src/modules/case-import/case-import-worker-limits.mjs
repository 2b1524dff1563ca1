// The answers the case import's reader gives when a file passes one of its bounds
// (case-import-limits.ts holds the bounds; the reader's thread receives them as workerData).

/** A file the import refuses: the HTTP status and a message naming the bound. */
export class LimitError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export function fail(status, message) {
  throw new LimitError(status, message);
}

const count = (n) => n.toLocaleString('en');
const megabytes = (bytes) => `${count(Math.round(bytes / (1024 * 1024)))} MB`;

/** One function per bound, each throwing a LimitError that names it. */
export function limitMessages(limits) {
  return {
    rows: () => fail(400, `A file holds at most ${count(limits.rowsMax)} rows; split it`),
    columns: () => fail(400, `A file holds at most ${count(limits.columnsMax)} columns`),
    cell: (row) =>
      fail(
        400,
        `A cell holds at most ${count(limits.cellMax)} characters${row ? ` (row ${count(row)})` : ''}`,
      ),
    text: () => fail(413, `The cells of a file hold at most ${megabytes(limits.textMax)} of text in all`),
    parts: (n) =>
      fail(400, `A workbook holds at most ${count(limits.partsMax)} parts; this one has ${count(n)}`),
    inflated: (bytes) =>
      fail(
        413,
        `The workbook unpacks to more than the limit of ${megabytes(limits.inflatedMax)}` +
          (bytes ? ` (${megabytes(bytes)})` : ''),
      ),
    lied: () => fail(413, 'A part of the workbook unpacks to more than its declared size'),
    ratio: () =>
      fail(413, `A part of a workbook unpacks to at most ${count(limits.ratioMax)} times its packed size`),
  };
}
