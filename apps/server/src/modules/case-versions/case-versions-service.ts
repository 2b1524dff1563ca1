import type { CaseVersion, CaseVersionPage, TestCaseDetail } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { LOCK } from '../../db/row-locks.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { fieldsOfProject } from '../case-fields/case-fields-service.ts';
import {
  CASE_NOT_FOUND,
  caseContent,
  findCaseProjectId,
  lockCase,
  writeCaseContent,
} from '../cases/cases-service.ts';
import { findVersion, hasVersions, listVersions } from './case-versions-repository.ts';
import { CONTENT_FIELDS, contentOf } from './version-record.ts';

export const VERSION_NOT_FOUND = 'Version not found';

/**
 * A case's versions, newest first (docs/product/rich-cases.md, "Versions"). A case that never
 * changed since versions began has no rows: it answers its current content as version 1.
 */
export async function caseVersions(
  db: Db,
  principal: Principal,
  caseId: number,
  page: { limit?: number | undefined; offset?: number | undefined },
): Promise<CaseVersionPage> {
  await requireProjectOf(
    db,
    principal,
    await findCaseProjectId(db, caseId),
    CASE_NOT_FOUND,
    'home_test_case',
  );
  const limit = page.limit ?? 50;
  const offset = page.offset ?? 0;
  const found = await listVersions(db, caseId, limit, offset);
  if (found.total > 0) return found;
  const current = await caseContent(db, caseId);
  if (!current) throw new NotFoundError(CASE_NOT_FOUND);
  const only: CaseVersion = {
    version: current.version,
    author: null,
    created_at: current.created_at,
    changed: [...CONTENT_FIELDS],
    content: contentOf(current),
    note: null,
  };
  return { items: offset === 0 ? [only] : [], total: 1 };
}

/**
 * Makes a new version with the content of an earlier one. Values of custom fields deleted since
 * are left out; a field made required since must still hold a value (400 naming it).
 */
export async function restoreVersion(
  db: Db,
  principal: Principal,
  caseId: number,
  version: number,
): Promise<{ testCase: TestCaseDetail; restored: number }> {
  return db.transaction(async (tx) => {
    const seen = await lockCase(tx, caseId, LOCK.noKeyUpdate);
    await requireProjectOf(tx, principal, seen?.project_id, CASE_NOT_FOUND, 'edit_test_case');
    const current = await caseContent(tx, caseId);
    // A case with no stored versions answers its content as its only version (caseVersions).
    const stored = await findVersion(tx, caseId, version);
    const unstored = !stored && current?.version === version && !(await hasVersions(tx, caseId));
    if (!stored && !unstored) throw new NotFoundError(VERSION_NOT_FOUND);
    const content = stored ? stored.content : contentOf(current!);
    const existing = new Set((await fieldsOfProject(tx, seen!.project_id)).map((f) => String(f.id)));
    const kept = Object.fromEntries(Object.entries(content.custom_fields).filter(([id]) => existing.has(id)));
    // Fields of the current content that the old version did not hold are emptied.
    const cleared = Object.fromEntries(
      Object.keys(current?.custom_fields ?? {})
        .filter((id) => !(id in kept))
        .map((id) => [id, null]),
    );
    const testCase = await writeCaseContent(tx, principal, seen!, {
      name: content.name,
      description: content.description,
      preconditions: content.preconditions,
      priority: content.priority,
      tags: content.tags,
      steps: content.steps,
      custom_fields: { ...cleared, ...kept },
      parameters: content.parameters ?? null,
    });
    return { testCase, restored: version };
  });
}
