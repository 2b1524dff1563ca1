import { type Static, Type } from 'typebox';
import { Description, Id, IdName, Name } from './common.ts';
import { PERMISSION_NAME_PATTERN } from './permissions.ts';

export const Role = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  Permissions: Type.Array(IdName),
});
export type Role = Static<typeof Role>;
export const RoleList = Type.Array(Role);

export const RoleBody = Type.Object(
  {
    name: Name,
    description: Description,
    permissionIds: Type.Optional(Type.Array(Id, { maxItems: 1000, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type RoleBody = Static<typeof RoleBody>;

export const RoleMutation = Type.Object({ message: Type.String(), role: Role });
export type RoleMutation = Static<typeof RoleMutation>;

export const Permission = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
});
export type Permission = Static<typeof Permission>;
export const PermissionList = Type.Array(Permission);

export const PermissionBody = Type.Object(
  {
    name: Type.String({ pattern: PERMISSION_NAME_PATTERN, minLength: 1, maxLength: 100 }),
    description: Description,
  },
  { additionalProperties: false },
);
export type PermissionBody = Static<typeof PermissionBody>;

export const PermissionMutation = Type.Object({ message: Type.String(), permission: Permission });
export type PermissionMutation = Static<typeof PermissionMutation>;
