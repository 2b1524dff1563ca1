import { type Static, Type } from 'typebox';
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
});
export type SignInMethods = Static<typeof SignInMethods>;

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

export const TotpDisableBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);
export type TotpDisableBody = Static<typeof TotpDisableBody>;

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
