import type {
  EffectivePermission,
  EffectivePermissions,
  IdName,
  ProjectVisibility,
  VisibilityReason,
} from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { loadPrincipal, type Principal, projectAccess, requireGlobal } from './authorization.ts';
import {
  type ProjectFacts,
  selectGlobalRoles,
  selectPermissionProvenance,
  selectProjectFacts,
} from './authz-repository.ts';

/**
 * The permission inspector: what a user may do, globally or inside one project, and why.
 * Whether a permission is granted comes from loadPrincipal and projectAccess, the functions
 * every route's check goes through, so the answer cannot disagree with enforcement; the SQL
 * it reads (authz-repository.ts) only adds where each permission comes from (which roles carry it).
 */

/**
 * Oneself always (everyone may ask why a button is missing); anyone else needs the admin area
 * and the user list, since the answer shows that user's roles. Checked before the target is
 * looked up, so the 403 does not reveal whether the id exists.
 */
export function assertMayInspect(caller: Principal, userId: number): void {
  if (caller.id === userId) return;
  requireGlobal(caller, 'manage_admin_panel');
  requireGlobal(caller, 'view_admin_home');
}

function visibilityOf(facts: ProjectFacts, target: Principal, visible: boolean): ProjectVisibility {
  const reasons: VisibilityReason[] = [];
  if (facts.member_role_id !== null) reasons.push('member');
  if (facts.created_by === target.id) reasons.push('creator');
  if (target.permissions.has('view_all_projects')) reasons.push('view_all_projects');
  const memberRole =
    facts.member_role_id === null ? null : { id: facts.member_role_id, name: facts.member_role_name ?? '' };
  return { visible, reasons, memberRole };
}

/**
 * What `userId` may do: globally, or inside `projectId` (global roles plus their role there,
 * and nothing at all when they cannot see it, since every call inside answers 404 then). The
 * project must be visible to the caller: a hidden one answers 404 like a missing one.
 * One read-only snapshot, so the grants and their sources describe the same moment.
 */
export function effectivePermissions(
  db: Db,
  caller: Principal,
  userId: number,
  projectId: number | undefined,
): Promise<EffectivePermissions> {
  assertMayInspect(caller, userId);
  return db.transaction(
    async (tx) => {
      const target = await loadPrincipal(tx, userId);
      if (!target) throw new NotFoundError('User not found');

      let project: IdName | null = null;
      let visibility: ProjectVisibility | null = null;
      let held = target.permissions;
      if (projectId !== undefined) {
        const facts = await selectProjectFacts(tx, projectId, userId);
        if (!facts || !(await projectAccess(tx, caller, projectId)))
          throw new NotFoundError('Project not found');
        const access = await projectAccess(tx, target, projectId);
        project = { id: facts.id, name: facts.name };
        visibility = visibilityOf(facts, target, access !== null);
        held = access?.permissions ?? new Set();
      }

      const rows = await selectPermissionProvenance(tx, userId, projectId ?? null);
      const globalRoles = await selectGlobalRoles(tx, userId);
      const permissions: EffectivePermission[] = rows.map((row) => ({
        name: row.name,
        description: row.description,
        granted: held.has(row.name),
        sources: row.sources,
      }));
      return {
        user: { id: target.id, username: target.username, status: target.status },
        globalRoles,
        project,
        visibility,
        permissions,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
