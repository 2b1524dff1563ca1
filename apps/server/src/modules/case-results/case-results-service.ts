import { CASE_RESULTS_PAGE, type CaseResultsPage, type CaseResultsQuery } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { CASE_NOT_FOUND, findCaseProjectId } from '../cases/cases-service.ts';
import { listCaseResultEntries } from './case-results-repository.ts';

/**
 * A case's one history of results, newest first (docs/product/cases.md, "Results"): needs
 * home_test_run, as its Test Runs do; the cycles' side (which cycle, the results that recorded no
 * run, comments and failure messages) also needs home_test_cycle.
 */
export async function caseResults(
  db: Db,
  principal: Principal,
  caseId: number,
  query: CaseResultsQuery,
): Promise<CaseResultsPage> {
  const projectId = await findCaseProjectId(db, caseId);
  const access = await requireProjectOf(db, principal, projectId, CASE_NOT_FOUND, 'home_test_run');
  return listCaseResultEntries(
    db,
    caseId,
    access.permissions.has('home_test_cycle'),
    query.limit ?? CASE_RESULTS_PAGE,
    query.offset ?? 0,
  );
}
