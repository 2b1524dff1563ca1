import type { AddMemberBody, ChangeRoleBody, MemberParams, ProjectMember } from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { quoted, recordAudit } from '../audit-log/audit-entries.ts';
import {
  assertCanGrantRoles,
  type Principal,
  type ProjectAccess,
  requireProject,
} from '../authz/authorization.ts';
import { lockExistingRole } from '../roles/roles-service.ts';
import { lockExistingUser } from '../users/users-service.ts';
import { deleteMember, findMember, insertMember, updateMemberRole } from './members-repository.ts';

const NOT_A_MEMBER = 'That user is not a member of this project';

const roleName = (member: ProjectMember) => member.role?.name ?? null;

/**
 * No escalation (docs/product/projects.md, "Data rules"): the role given must carry only
 * permissions the caller holds in
 * this project (their global ones plus their own role here). A missing role is a 404.
 */
async function assertCanGrantRole(tx: Tx, access: ProjectAccess, roleId: number): Promise<void> {
  await lockExistingRole(tx, roleId);
  await assertCanGrantRoles(tx, access.permissions, [roleId]);
}

async function memberOrFail(tx: Tx, projectId: number, userId: number): Promise<ProjectMember> {
  const member = await findMember(tx, projectId, userId);
  if (!member) throw new NotFoundError(NOT_A_MEMBER);
  return member;
}

export async function addMember(db: Db, principal: Principal, body: AddMemberBody): Promise<ProjectMember> {
  return db.transaction(async (tx) => {
    await lockProject(tx, body.projectId, LOCK.keyShare);
    const access = await requireProject(tx, principal, body.projectId, 'add_user_in_project');
    await lockExistingUser(tx, body.userId);
    await assertCanGrantRole(tx, access, body.roleId);
    if (!(await insertMember(tx, body.projectId, body.userId, body.roleId))) {
      throw new ConflictError('That user is already a member of this project', 'already_member');
    }
    const member = await memberOrFail(tx, body.projectId, body.userId);
    await recordAudit(tx, principal, {
      action: 'create',
      entity: 'member',
      entityId: member.id,
      projectId: body.projectId,
      summary: `Added ${quoted(member.username)} to project #${body.projectId} as ${quoted(roleName(member) ?? '')}`,
      changes: {
        user: { before: null, after: member.username },
        role: { before: null, after: roleName(member) },
      },
    });
    return member;
  });
}

/**
 * The body repeats the path's ids (docs/product/projects.md, "The calls"); a body that disagrees
 * is a malformed request.
 */
function assertBodyMatchesPath(params: MemberParams, body: ChangeRoleBody): void {
  const details = [];
  if (body.projectId !== undefined && body.projectId !== params.id) {
    details.push({ field: 'projectId', message: 'must match the project id in the path' });
  }
  if (body.userId !== undefined && body.userId !== params.userId) {
    details.push({ field: 'userId', message: 'must match the user id in the path' });
  }
  const first = details[0];
  if (first) throw new BadRequestError(`Invalid ${first.field}: ${first.field} ${first.message}`, details);
}

export async function changeMemberRole(
  db: Db,
  principal: Principal,
  params: MemberParams,
  body: ChangeRoleBody,
): Promise<ProjectMember> {
  assertBodyMatchesPath(params, body);
  return db.transaction(async (tx) => {
    await lockProject(tx, params.id, LOCK.keyShare);
    const access = await requireProject(tx, principal, params.id, 'change_user_role_in_project');
    const before = await findMember(tx, params.id, params.userId, LOCK.noKeyUpdate);
    if (!before) throw new NotFoundError(NOT_A_MEMBER);
    await assertCanGrantRole(tx, access, body.roleId);
    await updateMemberRole(tx, params.id, params.userId, body.roleId);
    const member = await memberOrFail(tx, params.id, params.userId);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'member',
      entityId: member.id,
      projectId: params.id,
      summary: `Changed the role of ${quoted(member.username)} in project #${params.id} from ${quoted(roleName(before) ?? '')} to ${quoted(roleName(member) ?? '')}`,
      changes:
        roleName(before) === roleName(member)
          ? {}
          : { role: { before: roleName(before), after: roleName(member) } },
    });
    return member;
  });
}

export async function removeMember(db: Db, principal: Principal, params: MemberParams): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProject(tx, params.id, LOCK.keyShare);
    await requireProject(tx, principal, params.id, 'remove_user_from_project');
    const before = await findMember(tx, params.id, params.userId);
    if (!before || !(await deleteMember(tx, params.id, params.userId))) throw new NotFoundError(NOT_A_MEMBER);
    await recordAudit(tx, principal, {
      action: 'delete',
      entity: 'member',
      entityId: params.userId,
      projectId: params.id,
      summary: `Removed ${quoted(before.username)} from project #${params.id}`,
      changes: {
        user: { before: before.username, after: null },
        role: { before: roleName(before), after: null },
      },
    });
  });
}
