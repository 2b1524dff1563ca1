import { type Static, Type } from 'typebox';
import { Id, IdName } from './common.ts';
import { UserStatus } from './users.ts';

/**
 * The permission inspector: every permission a user holds globally or inside one project, where
 * each comes from, and why the others are missing. `GET /api/users/{id}/effective-permissions`.
 */

export const EffectivePermissionsQuery = Type.Object(
  { projectId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type EffectivePermissionsQuery = Static<typeof EffectivePermissionsQuery>;

export const PermissionSourceKind = Type.Union([Type.Literal('global-role'), Type.Literal('project-role')]);
export type PermissionSourceKind = Static<typeof PermissionSourceKind>;

/** A role that carries the permission: one of the user's global roles, or their role in the project. */
export const PermissionSource = Type.Object({ kind: PermissionSourceKind, role: IdName });
export type PermissionSource = Static<typeof PermissionSource>;

/**
 * One permission of the permissions table. `granted` is what the server decides: held through
 * a global role, or (with a project) through the project role, and, with a project, only when
 * the user can see it. `sources` lists every role that carries it, also when `granted` is false
 * because the project is hidden from the user; empty when no role of theirs carries it.
 */
export const EffectivePermission = Type.Object({
  name: Type.String(),
  description: Type.String(),
  granted: Type.Boolean(),
  sources: Type.Array(PermissionSource),
});
export type EffectivePermission = Static<typeof EffectivePermission>;

export const VisibilityReason = Type.Union([
  Type.Literal('member'),
  Type.Literal('creator'),
  Type.Literal('view_all_projects'),
]);
export type VisibilityReason = Static<typeof VisibilityReason>;

/**
 * Whether the user sees the project (docs/product/roles-and-permissions.md, "Visibility") and
 * every reason they do; `reasons` empty and
 * `visible` false means every call inside it answers 404 for them.
 */
export const ProjectVisibility = Type.Object({
  visible: Type.Boolean(),
  reasons: Type.Array(VisibilityReason),
  /** Their role as a member of the project, null when they are not one. */
  memberRole: Type.Union([IdName, Type.Null()]),
});
export type ProjectVisibility = Static<typeof ProjectVisibility>;

export const EffectivePermissions = Type.Object({
  user: Type.Object({ id: Type.Integer(), username: Type.String(), status: UserStatus }),
  /** Their global roles, also those that carry no permission. */
  globalRoles: Type.Array(IdName),
  project: Type.Union([IdName, Type.Null()]),
  /** Null without a project. */
  visibility: Type.Union([ProjectVisibility, Type.Null()]),
  /** Every permission of the permissions table, by name. */
  permissions: Type.Array(EffectivePermission),
});
export type EffectivePermissions = Static<typeof EffectivePermissions>;
