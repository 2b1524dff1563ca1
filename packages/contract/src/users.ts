import { type Static, Type } from 'typebox';
import { Email, Id, IdName, Name, Password } from './common.ts';

export const UserStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
const RoleIds = Type.Array(Id, { maxItems: 1000, uniqueItems: true });
/**
 * Null means no cap. Written with `nullable` rather than a union: with type coercion on, the
 * validator would try the integer branch of a union first and turn null into 0 (a cap of 0).
 */
const MaxUserLimit = Type.Unsafe<number | null>({
  type: 'integer',
  nullable: true,
  minimum: 0,
  maximum: 1_000_000,
});

/** The user shape (docs/product/users-and-sub-users.md). `name` and `username` carry the same value. */
export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  max_user_limit: Type.Union([Type.Integer(), Type.Null()]),
  status: UserStatus,
  roleIds: Type.Array(Type.Integer()),
  Roles: Type.Array(IdName),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type User = Static<typeof User>;

export const UserList = Type.Array(User);

export const CreateUserBody = Type.Object(
  {
    username: Name,
    email: Email,
    password: Password,
    max_user_limit: Type.Optional(MaxUserLimit),
    roleIds: Type.Optional(RoleIds),
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/**
 * The caller's present password: needed (and only read) when they change their own password, so
 * a stolen session cannot take the account over.
 */
const CurrentPassword = Type.String({ minLength: 1, maxLength: 1024 });

export const EditUserBody = Type.Object(
  {
    username: Name,
    email: Email,
    password: Type.Optional(Password),
    currentPassword: Type.Optional(CurrentPassword),
    max_user_limit: Type.Optional(MaxUserLimit),
    roleIds: Type.Optional(RoleIds),
    status: Type.Optional(UserStatus),
  },
  { additionalProperties: false },
);
export type EditUserBody = Static<typeof EditUserBody>;

export const CreateSubUserBody = Type.Object(
  { username: Name, email: Email, password: Password, roleIds: Type.Optional(RoleIds) },
  { additionalProperties: false },
);
export type CreateSubUserBody = Static<typeof CreateSubUserBody>;

export const UpdateSubUserBody = Type.Object(
  {
    username: Name,
    email: Email,
    password: Type.Optional(Password),
    currentPassword: Type.Optional(CurrentPassword),
    roleIds: Type.Optional(RoleIds),
    status: Type.Optional(UserStatus),
  },
  { additionalProperties: false },
);
export type UpdateSubUserBody = Static<typeof UpdateSubUserBody>;

export const SubUserList = Type.Object({ subUsers: Type.Array(User) });
export type SubUserList = Static<typeof SubUserList>;

export const UserMutation = Type.Object({ message: Type.String(), user: User });
export type UserMutation = Static<typeof UserMutation>;

export const StatusCount = Type.Object({ active: Type.Integer(), inactive: Type.Integer() });
export type StatusCount = Static<typeof StatusCount>;
