import type { QueryTerm } from '@verdict/contract';
import { ApiError } from '@/lib/api-client';

/*
 * The server's problems with a query, at their terms. The query is split into terms by
 * `splitQuery` of @verdict/contract, the same splitter the server uses, so the n of `q.<n>` is
 * the n-th chip (docs/product/search.md, "Errors").
 */

/** One problem the server found in a query, at its term. */
export interface QueryProblem {
  /** The n of `q.<n>`. */
  index: number;
  message: string;
}

/**
 * The problems of a search the server refused as not understood (a 400 whose `details` name
 * `q.<n>`), in term order; empty for any other failure, which the screen shows as a failed load.
 */
export function queryProblemsOf(error: unknown): QueryProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const body = error.body as { details?: unknown } | undefined;
  if (!body || !Array.isArray(body.details)) return [];
  const problems: QueryProblem[] = [];
  for (const detail of body.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, message } = detail as { field?: unknown; message?: unknown };
    const match = typeof field === 'string' ? /^q\.(\d+)$/.exec(field) : null;
    if (match && typeof message === 'string') problems.push({ index: Number(match[1]), message });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/**
 * A problem's message split into the term it starts with and the rest, so the term can be shown
 * in code font: 'priority:urgent: Unknown priority…' → `priority:urgent` and ': Unknown priority…'.
 * The term is the query's own (the server writes it as written); a message that does not start
 * with it is shown whole.
 */
export function problemParts(
  problem: QueryProblem,
  terms: readonly QueryTerm[],
): { term: string; rest: string } {
  const term = terms.find((t) => t.index === problem.index)?.source;
  if (term && problem.message.startsWith(term)) {
    return { term, rest: problem.message.slice(term.length) };
  }
  return { term: '', rest: problem.message };
}
