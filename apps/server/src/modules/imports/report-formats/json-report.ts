import { setImmediate as nextTurn } from 'node:timers/promises';
import { type JsonTypes, Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { IMPORT_LIMITS } from '@verdict/contract';
import { AppError, BadRequestError } from '../../../lib/errors.ts';
import { reportText } from '../import-body.ts';

/**
 * How every JSON report is read (Playwright, Cucumber, Allure's result files): a streaming
 * tokenizer (@streamparser/json) fed a slice at a time as the bytes arrive, the event loop let
 * through after each slice, and only the values at `paths` built, one at a time, then let go
 * (a Playwright report's file suites, a Cucumber report's features). Nesting deeper than
 * IMPORT_LIMITS.xmlDepthMax and more than IMPORT_LIMITS.xmlElementsMax objects and arrays are
 * refused the moment they are passed; a malformed report is a 400 naming its line.
 */

export type JsonValue = JsonTypes.JsonPrimitive | JsonTypes.JsonStruct;

const number = (n: number) => n.toLocaleString('en-US');

/** Reads the JSON report from its body and hands each value at one of `paths` to `onValue`. */
export async function readJsonValues(
  body: AsyncIterable<Buffer>,
  paths: string[],
  onValue: (value: JsonValue) => void,
): Promise<void> {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths, keepStack: false });
  let depth = 0;
  let structures = 0;
  let empty = true;
  tokenizer.onToken = (token) => {
    empty = false;
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET) {
      depth += 1;
      structures += 1;
      if (depth > IMPORT_LIMITS.xmlDepthMax) {
        throw new BadRequestError(
          `The report nests JSON objects and arrays more than ${IMPORT_LIMITS.xmlDepthMax} levels deep, the limit of an import`,
        );
      }
      if (structures > IMPORT_LIMITS.xmlElementsMax) {
        throw new AppError(
          413,
          `The report holds more than ${number(IMPORT_LIMITS.xmlElementsMax)} JSON objects and arrays, the limit of an import; split it into smaller reports`,
        );
      }
    } else if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) {
      depth -= 1;
    }
    parser.write(token);
  };
  parser.onValue = ({ value }) => {
    if (value !== undefined) onValue(value as JsonValue);
  };
  // Errors are thrown by write and end, where the line is known.
  tokenizer.onError = (error) => {
    throw error;
  };
  parser.onError = (error) => {
    throw error;
  };

  let lines = 1;
  const fail = (error: unknown, chunk: string): Error => {
    if (error instanceof AppError) return error;
    const detail = error instanceof Error ? error.message : String(error);
    const at = /at chunk position "(\d+)"/.exec(detail);
    const before = at ? Buffer.from(chunk).subarray(0, Number(at[1])).toString() : '';
    const line = lines + (before.match(/\n/g)?.length ?? 0);
    const what = /^Unexpected "(.)"/.exec(detail);
    return new BadRequestError(
      at
        ? `The report is not valid JSON (line ${line}: unexpected ${what ? `"${what[1]}"` : 'character'})`
        : `The report is not valid JSON (it ends in the middle of a value, line ${lines})`,
    );
  };
  for await (const text of reportText(body)) {
    try {
      tokenizer.write(text);
    } catch (error) {
      throw fail(error, text);
    }
    lines += text.match(/\n/g)?.length ?? 0;
    await nextTurn();
  }
  if (empty) throw new BadRequestError('The report is empty');
  try {
    tokenizer.end();
  } catch (error) {
    throw fail(error, '');
  }
  if (depth !== 0) {
    throw new BadRequestError(
      `The report is not valid JSON (it ends in the middle of a value, line ${lines})`,
    );
  }
}

/** A JSON value as an object (null when it is not one). */
export function objectOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A JSON value as an array of objects (others left out). */
export function objectsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.map(objectOf).filter((v): v is Record<string, unknown> => v !== null)
    : [];
}

/** A JSON value as text ('' when it is not a string or a number). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
