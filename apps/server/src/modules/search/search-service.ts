import {
  CASE_SEARCH_COUNT_MAX,
  CASE_SEARCH_PAGE,
  type CaseSearchPage,
  type CaseSearchQuery,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SaveSearchBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { fieldsOfProject } from '../case-fields/case-fields-service.ts';
import { casesByIds } from '../cases/cases-service.ts';
import { parseCaseQuery } from './case-query.ts';
import { buildCaseQuery } from './case-query-sql.ts';
import {
  countSavedSearches,
  deleteSavedSearch,
  insertSavedSearch,
  listSavedSearches,
} from './saved-searches-repository.ts';
import { allMatchingCaseIds, matchingCaseIds, type QueryPlan, searchHits } from './search-repository.ts';

/**
 * A project's cases matching a query (docs/product/search.md), a page at a time in id order. A
 * query that cannot be understood answers 400 with one detail per problem, `q.<n>` naming the
 * n-th term (0 first) and the message starting with the term as written, so a screen can show
 * each at its term.
 */
export async function searchCases(
  db: Db,
  principal: Principal,
  projectId: number,
  query: CaseSearchQuery,
): Promise<CaseSearchPage> {
  await requireProject(db, principal, projectId, 'home_test_case');
  const plan = await understoodQuery(db, principal, projectId, query.q ?? '');
  const offset = query.offset ?? 0;
  const limit = Math.max(0, Math.min(query.limit ?? CASE_SEARCH_PAGE, CASE_SEARCH_COUNT_MAX - offset));
  const { ids, total, capped } = await matchingCaseIds(
    db,
    projectId,
    plan,
    limit,
    offset,
    CASE_SEARCH_COUNT_MAX,
  );
  return { items: await searchHits(db, await casesByIds(db, ids)), total, total_capped: capped };
}

/**
 * The ids of every case of a project that a query matches (a bulk action's "all N matching"),
 * in the caller's transaction; the caller has checked access. A query that cannot be understood
 * is a 400 as for a search.
 */
export async function allMatchingIds(tx: Tx, principal: Principal, projectId: number, q: string) {
  return allMatchingCaseIds(tx, projectId, await understoodQuery(tx, principal, projectId, q));
}

/** The query as SQL, or a 400 naming each term that cannot be understood. */
async function understoodQuery(
  db: Tx,
  principal: Principal,
  projectId: number,
  q: string,
): Promise<QueryPlan> {
  const parsed = parseCaseQuery(q);
  const fields = await fieldsOfProject(db, projectId);
  const plan = buildCaseQuery(parsed.tree, { projectId, userId: principal.id, fields });
  const problems = [...parsed.problems, ...plan.problems].sort((a, b) => a.index - b.index);
  if (problems.length > 0) {
    throw new BadRequestError(
      `${problems[0]!.source}: ${problems[0]!.message}`,
      problems.map((p) => ({ field: `q.${p.index}`, message: `${p.source}: ${p.message}` })),
    );
  }
  return plan;
}

export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';

/** The caller's saved searches in a project, by name. */
export async function savedSearches(db: Db, principal: Principal, projectId: number): Promise<SavedSearch[]> {
  await requireProject(db, principal, projectId, 'home_test_case');
  return listSavedSearches(db, principal.id, projectId);
}

/** Saves a query under a name, once it is understood; names are the caller's own, per project. */
export async function saveSearch(
  db: Db,
  principal: Principal,
  projectId: number,
  body: SaveSearchBody,
): Promise<SavedSearch> {
  const name = body.name.trim();
  if (name === '')
    throw new BadRequestError('Give the search a name', [{ field: 'name', message: 'is required' }]);
  return db
    .transaction(async (tx) => {
      await requireProject(tx, principal, projectId, 'home_test_case');
      await understoodQuery(tx, principal, projectId, body.q);
      if ((await countSavedSearches(tx, principal.id, projectId)) >= SAVED_SEARCHES_MAX) {
        throw new BadRequestError(`You can save at most ${SAVED_SEARCHES_MAX} searches in a project`);
      }
      return insertSavedSearch(tx, { userId: principal.id, projectId, name, q: body.q.trim() });
    })
    .catch((error: unknown) => {
      if (dbViolationOf(error)?.constraint === 'saved_searches_user_project_name_idx') {
        throw new ConflictError('You already saved a search with that name in this project', 'name_taken');
      }
      throw error;
    });
}

export async function forgetSearch(db: Db, principal: Principal, id: number): Promise<void> {
  if (!(await deleteSavedSearch(db, principal.id, id))) throw new NotFoundError(SAVED_SEARCH_NOT_FOUND);
}
