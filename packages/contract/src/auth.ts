import { type Static, Type } from 'typebox';
import { LIMITS } from './constants.ts';

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const SessionUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  roleIds: Type.Array(Type.Integer()),
  permissions: Type.Array(Type.String()),
});
export type SessionUser = Static<typeof SessionUser>;

export const LoginResponse = Type.Object({ token: Type.String(), user: SessionUser });
export type LoginResponse = Static<typeof LoginResponse>;

export const HealthResponse = Type.Object({ status: Type.String() });
