import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_LIMITS } from '@verdict/contract';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError, BadRequestError } from '../../../lib/errors.ts';
import { reportText } from '../import-body.ts';

/**
 * How every XML report is read (JUnit, TRX, NUnit, TestNG, xUnit.net): a streaming (SAX) parser
 * fed a slice at a time as the bytes arrive, the event loop let through after each slice, no
 * document tree built, DTDs refused outright (so entity expansion and external entities cannot
 * happen), and the limits of IMPORT_LIMITS checked as each element and attribute is read, so a
 * report past one is refused the moment it passes it. A format's reader says only what its
 * elements mean.
 */

export type XmlTag = SaxesTagPlain;

export interface XmlHandlers {
  /** An element opened, at its depth (the root is 1). */
  open(tag: XmlTag, depth: number): void;
  /** Text or CDATA inside the element last opened. */
  text?(text: string): void;
  /** An element closed, at its depth. */
  close?(tag: XmlTag, depth: number): void;
}

/** An attribute's value, trimmed ('' when missing). */
export function attribute(tag: XmlTag, name: string): string {
  return tag.attributes[name]?.trim() ?? '';
}

const number = (n: number) => n.toLocaleString('en-US');

const tooDeep = () =>
  new BadRequestError(
    `The report nests XML elements more than ${IMPORT_LIMITS.xmlDepthMax} levels deep, the limit of an import`,
  );
const tooManyElements = () =>
  new AppError(
    413,
    `The report holds more than ${number(IMPORT_LIMITS.xmlElementsMax)} XML elements, the limit of an import; split it into smaller reports`,
  );
const tooManyAttributes = () =>
  new BadRequestError(
    `An element of the report has more than ${IMPORT_LIMITS.xmlAttributesMax} attributes, the limit of an import`,
  );

/** A parser failure as the answer says it, with its line; the app's own refusals pass through. */
function asReportError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  // saxes reports "line:column: problem."
  const where = /^(\d+):(\d+): (.*?)\.?$/.exec(detail);
  return new BadRequestError(
    where
      ? `The report is not well-formed XML (line ${where[1]}, column ${where[2]}: ${where[3]})`
      : `The report is not well-formed XML (${detail})`,
  );
}

/** Reads the XML report from its body (bytes, in chunks of any size) into the handlers. */
export async function readXml(body: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  let depth = 0;
  let elements = 0;
  let attributes = 0;

  parser.on('doctype', () => {
    throw new BadRequestError(
      'The report contains a DOCTYPE declaration; Verdict refuses DTDs and entity declarations in reports',
    );
  });
  // Before its attributes are read, so one element's thousands of attributes are not gathered.
  parser.on('opentagstart', () => {
    elements += 1;
    if (elements > IMPORT_LIMITS.xmlElementsMax) throw tooManyElements();
    if (depth >= IMPORT_LIMITS.xmlDepthMax) throw tooDeep();
    attributes = 0;
  });
  parser.on('attribute', () => {
    attributes += 1;
    if (attributes > IMPORT_LIMITS.xmlAttributesMax) throw tooManyAttributes();
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    handlers.open(tag, depth);
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  parser.on('closetag', (tag) => {
    handlers.close?.(tag, depth);
    depth -= 1;
  });

  const feed = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch (error) {
      throw asReportError(error);
    }
  };
  for await (const text of reportText(body)) {
    feed(text);
    await nextTurn();
  }
  feed(null);
}

/**
 * Gathers text up to `max` characters: the failure messages, stack traces and output of a test,
 * kept to IMPORT_LIMITS.failureTextMax or logMax however long the report's.
 */
export function appendCut(kept: string | null | undefined, text: string, max: number): string {
  const before = kept ?? '';
  return before.length >= max ? before : (before + text).slice(0, max);
}
