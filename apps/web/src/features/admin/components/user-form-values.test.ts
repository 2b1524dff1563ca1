import type { User } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import {
  createSubUserBody,
  createUserBody,
  editUserBody,
  subUserValues,
  updateSubUserBody,
  userEditValues,
} from './user-form-values';

describe('user form payloads', () => {
  it('create user sends numbers, trimmed names and a one-item roleIds', () => {
    expect(
      createUserBody({
        username: ' ann ',
        email: ' ann@example.com ',
        password: 'secret-pass',
        maxUserLimit: '5',
        roleId: '3',
      }),
    ).toEqual({
      username: 'ann',
      email: 'ann@example.com',
      password: 'secret-pass',
      max_user_limit: 5,
      roleIds: [3],
    });
  });

  it('edit user sends the password only when one was typed, and an empty limit as null', () => {
    const values = {
      username: 'ann',
      email: 'ann@example.com',
      password: '',
      maxUserLimit: '',
      roleIds: [1, 2],
      status: 'inactive' as const,
    };
    expect(editUserBody(values)).toEqual({
      username: 'ann',
      email: 'ann@example.com',
      max_user_limit: null,
      roleIds: [1, 2],
      status: 'inactive',
    });
    expect(editUserBody({ ...values, password: 'new-password', maxUserLimit: '0' })).toMatchObject({
      password: 'new-password',
      max_user_limit: 0,
    });
  });

  it('the current password goes only with a new password', () => {
    const values = {
      username: 'ann',
      email: 'ann@example.com',
      password: '',
      currentPassword: 'old-password',
      maxUserLimit: '',
      roleIds: [],
      status: 'active' as const,
    };
    expect(editUserBody(values)).not.toHaveProperty('currentPassword');
    expect(editUserBody({ ...values, password: 'new-password' })).toMatchObject({
      password: 'new-password',
      currentPassword: 'old-password',
    });
    expect(editUserBody({ ...values, password: 'new-password', currentPassword: '' })).not.toHaveProperty(
      'currentPassword',
    );
    const sub = {
      username: 'sam',
      email: 'sam@example.com',
      password: '',
      currentPassword: 'old',
      roleIds: [],
    };
    expect(updateSubUserBody(sub)).not.toHaveProperty('currentPassword');
    expect(updateSubUserBody({ ...sub, password: 'new-password' })).toMatchObject({ currentPassword: 'old' });
  });

  it('sub-user payloads carry roleIds, and the update a password only when given', () => {
    const values = { username: 'sam', email: 'sam@example.com', password: '', roleIds: [4] };
    expect(updateSubUserBody(values)).toEqual({ username: 'sam', email: 'sam@example.com', roleIds: [4] });
    expect(createSubUserBody({ ...values, password: 'sub-password' })).toEqual({
      username: 'sam',
      email: 'sam@example.com',
      password: 'sub-password',
      roleIds: [4],
    });
  });
});

const user = (overrides: Partial<User>): User => ({
  id: 1,
  name: 'ann',
  username: 'ann',
  email: 'a@x.io',
  max_user_limit: null,
  status: 'active',
  roleIds: [],
  Roles: [],
  parent_id: null,
  ...overrides,
});

describe('edit form starting values', () => {
  it('reads the user as the server answers it', () => {
    expect(userEditValues(user({ roleIds: [2], Roles: [{ id: 2, name: 'QA' }], max_user_limit: 3 }))).toEqual(
      {
        username: 'ann',
        email: 'a@x.io',
        password: '',
        maxUserLimit: '3',
        roleIds: [2],
        status: 'active',
      },
    );
    expect(
      userEditValues(user({ username: 'bob', name: 'bob', roleIds: [1], status: 'inactive' })),
    ).toMatchObject({
      username: 'bob',
      maxUserLimit: '',
      roleIds: [1],
      status: 'inactive',
    });
    expect(subUserValues(user({ username: 'sam', name: 'sam', email: 's@x.io', roleIds: [5] }))).toEqual({
      username: 'sam',
      email: 's@x.io',
      password: '',
      roleIds: [5],
    });
  });
});
