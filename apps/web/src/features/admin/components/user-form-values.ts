import type {
  CreateSubUserBody,
  CreateUserBody,
  EditUserBody,
  UpdateSubUserBody,
  User,
  UserStatusValue,
} from '@verdict/contract';

/**
 * What the user and sub-user forms hold, and the payloads sent from them
 * (docs/product/admin-screens.md, "The forms"). Inputs hold strings; the payloads carry
 * numbers, trimmed names, and a password only when one was typed.
 */

export interface UserCreateValues {
  username: string;
  email: string;
  password: string;
  maxUserLimit: string;
  /** The single Role select; '' while '-- Select Role --' is chosen. */
  roleId: string;
}

export interface UserEditValues {
  username: string;
  email: string;
  /** '' keeps the old password. */
  password: string;
  /** Asked only when people edit themselves; sent only with a new password. */
  currentPassword?: string;
  /** '' means no limit. */
  maxUserLimit: string;
  roleIds: number[];
  status: UserStatusValue;
}

export interface SubUserValues {
  username: string;
  email: string;
  password: string;
  /** Asked only when sub-users edit themselves; sent only with a new password. */
  currentPassword?: string;
  roleIds: number[];
}

export const emptyUserCreateValues: UserCreateValues = {
  username: '',
  email: '',
  password: '',
  maxUserLimit: '',
  roleId: '',
};

export const emptySubUserValues: SubUserValues = { username: '', email: '', password: '', roleIds: [] };

/**
 * roleIds is a one-item array on create
 * (docs/product/admin-screens.md, "Create User (`/admin-create-user`)").
 */
export function createUserBody(values: UserCreateValues): CreateUserBody {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    max_user_limit: limitOf(values.maxUserLimit),
    roleIds: values.roleId === '' ? [] : [Number(values.roleId)],
  };
}

export function editUserBody(values: UserEditValues): EditUserBody {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    max_user_limit: limitOf(values.maxUserLimit),
    roleIds: values.roleIds,
    status: values.status,
    ...passwordIfGiven(values.password, values.currentPassword),
  };
}

export function createSubUserBody(values: SubUserValues): CreateSubUserBody {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    roleIds: values.roleIds,
  };
}

export function updateSubUserBody(values: SubUserValues): UpdateSubUserBody {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    roleIds: values.roleIds,
    ...passwordIfGiven(values.password, values.currentPassword),
  };
}

/**
 * The edit form's starting values; the status defaults to active
 * (docs/product/admin-screens.md, "Edit User (`/admin-edit-user/{id}`)").
 */
export function userEditValues(user: User): UserEditValues {
  return {
    username: user.username,
    email: user.email,
    password: '',
    maxUserLimit: user.max_user_limit === null ? '' : String(user.max_user_limit),
    roleIds: user.roleIds,
    status: user.status === 'inactive' ? 'inactive' : 'active',
  };
}

export function subUserValues(user: User): SubUserValues {
  return { username: user.username, email: user.email, password: '', roleIds: user.roleIds };
}

function limitOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The new password when one was typed, with the current one when that was asked for. */
function passwordIfGiven(
  password: string,
  currentPassword: string | undefined,
): { password?: string; currentPassword?: string } {
  if (password === '') return {};
  return currentPassword ? { password, currentPassword } : { password };
}
