import type {
  EffectivePermission,
  EffectivePermissions,
  IdName,
  PermissionSource,
  ProjectVisibility,
  VisibilityReason,
} from '@verdict/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { loadPrincipal, type Principal, projectAccess, requireGlobal } from './authorization.ts';

/**
 * The permission inspector: what a user may do, globally or inside one project, and why.
 * Whether a permission is granted comes from loadPrincipal and projectAccess, the functions
 * every route's check goes through, so the answer cannot disagree with enforcement; the SQL
 * here only adds where each permission comes from (which roles carry it).
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

interface ProvenanceRow {
  name: string;
  description: string;
  sources: PermissionSource[];
}

/** Every permission of the table, by name, with the roles of the user that carry it. */
function permissionProvenance(db: Tx, userId: number, projectId: number | null): Promise<ProvenanceRow[]> {
  const projectRole =
    projectId === null
      ? sql``
      : sql`union all
        select 'project-role', r.id, r.name, rp.permission_id
        from project_members pm
        join roles r on r.id = pm.role_id
        join role_permissions rp on rp.role_id = r.id
        where pm.user_id = ${userId} and pm.project_id = ${projectId}`;
  return queryRows<ProvenanceRow>(
    db,
    sql`
    select p.name, p.description,
      coalesce(
        json_agg(json_build_object('kind', s.kind, 'role', json_build_object('id', s.role_id, 'name', s.role_name))
          order by s.kind, s.role_name, s.role_id) filter (where s.role_id is not null),
        '[]'::json) as sources
    from permissions p
    left join (
      select 'global-role' as kind, r.id as role_id, r.name as role_name, rp.permission_id
      from user_roles ur
      join roles r on r.id = ur.role_id
      join role_permissions rp on rp.role_id = r.id
      where ur.user_id = ${userId}
      ${projectRole}
    ) s on s.permission_id = p.id
    group by p.id
    order by p.name`,
  );
}

function globalRolesOf(db: Tx, userId: number): Promise<IdName[]> {
  return queryRows<IdName>(
    db,
    sql`
    select r.id, r.name from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${userId} order by r.name, r.id`,
  );
}

interface ProjectFacts {
  id: number;
  name: string;
  created_by: number | null;
  member_role_id: number | null;
  member_role_name: string | null;
}

async function projectFacts(db: Tx, projectId: number, userId: number): Promise<ProjectFacts | null> {
  const [row] = await queryRows<ProjectFacts>(
    db,
    sql`
    select p.id, p.name, p.created_by, r.id as member_role_id, r.name as member_role_name
    from projects p
    left join project_members pm on pm.project_id = p.id and pm.user_id = ${userId}
    left join roles r on r.id = pm.role_id
    where p.id = ${projectId}`,
  );
  return row ?? null;
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
        const facts = await projectFacts(tx, projectId, userId);
        if (!facts || !(await projectAccess(tx, caller, projectId)))
          throw new NotFoundError('Project not found');
        const access = await projectAccess(tx, target, projectId);
        project = { id: facts.id, name: facts.name };
        visibility = visibilityOf(facts, target, access !== null);
        held = access?.permissions ?? new Set();
      }

      const rows = await permissionProvenance(tx, userId, projectId ?? null);
      const globalRoles = await globalRolesOf(tx, userId);
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
