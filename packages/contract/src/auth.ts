import { type Static, Type } from 'typebox';
import { Password } from './common.ts';
import { LIMITS } from './constants.ts';

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    /** The authenticator app's code, for an account with two-factor authentication (docs/product/two-factor.md). */
    totp: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** How this server signs people in (docs/product/single-sign-on.md): shown by the sign-in screen. */
export const SignInMethods = Type.Object({
  password: Type.Boolean(),
  sso: Type.Union([Type.Object({ name: Type.String(), startUrl: Type.String() }), Type.Null()]),
  /** Whether this server sends e-mail (SMTP_URL): the admin dashboard says when it does not. */
  mail: Type.Boolean(),
  /** Whether "Forgot password?" works here: e-mail is on and the password form is offered. */
  passwordReset: Type.Boolean(),
});
export type SignInMethods = Static<typeof SignInMethods>;

export { SSO_ERROR_CODES, type SsoErrorCode } from './error-codes.ts';

export const TotpSetupBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type TotpSetupBody = Static<typeof TotpSetupBody>;

/** A new key being set up: shown once, as text and as the otpauth:// address of a QR code. */
export const TotpSetupResponse = Type.Object({ secret: Type.String(), uri: Type.String() });
export type TotpSetupResponse = Static<typeof TotpSetupResponse>;

export const TotpStatus = Type.Object({ enabled: Type.Boolean(), required: Type.Boolean() });
export type TotpStatus = Static<typeof TotpStatus>;

export const TotpEnableBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 16 }) },
  { additionalProperties: false },
);
export type TotpEnableBody = Static<typeof TotpEnableBody>;

/** Setting up a second factor when signed in: the current password. */
export const TotpStartBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type TotpStartBody = Static<typeof TotpStartBody>;

export const TotpDisableBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type TotpDisableBody = Static<typeof TotpDisableBody>;

/**
 * Turning off a user's second factor (DELETE /api/users/{id}/totp): no body for someone else's;
 * one's own needs the current password, as POST /api/auth/totp/disable does.
 */
export const UserTotpResetBody = Type.Union(
  [
    Type.Object(
      { password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })) },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description: 'Only when the user is the caller: {password}, the current password',
  },
);
export type UserTotpResetBody = Static<typeof UserTotpResetBody>;

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

/**
 * `GET /api/auth/session`: the signed-in user and the union of their global roles' permission
 * names, in one answer (what the app needs to draw any page; project roles come with each project).
 */
export const SessionAnswer = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    roleIds: Type.Array(Type.Integer()),
  }),
  permissions: Type.Array(Type.String()),
});
export type SessionAnswer = Static<typeof SessionAnswer>;

/** "Forgot password?" (docs/product/sign-in-and-sessions.md, "Forgot password"): the account's email. */
export const PasswordResetRequestBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }) },
  { additionalProperties: false },
);
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

/** The token of the e-mailed link and the new password. */
export const PasswordResetConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 256 }), password: Password },
  { additionalProperties: false },
);
export type PasswordResetConfirmBody = Static<typeof PasswordResetConfirmBody>;
