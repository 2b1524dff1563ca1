import { type Static, Type } from 'typebox';
import { Id, Name } from './common.ts';

/**
 * Personal API tokens: a signed-in user's credentials for CI and scripts. The secret starts
 * with API_TOKEN_PREFIX so servers, logs and secret scanners can tell it from a session token.
 */
export const API_TOKEN_PREFIX = 'vdt_';

/** How many characters of a token (prefix included) are kept to recognise it in the list. */
export const API_TOKEN_DISPLAY_LENGTH = 12;

/** A user may hold this many live tokens at once. */
export const API_TOKENS_PER_USER_MAX = 50;

/** A token as listed: never its secret. */
export const ApiToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The first characters of the secret, e.g. 'vdt_3fK9a0Qz', to tell tokens apart. */
  prefix: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ApiToken = Static<typeof ApiToken>;
export const ApiTokenList = Type.Array(ApiToken);

export const ApiTokenParams = Type.Object({ id: Id }, { additionalProperties: false });
export type ApiTokenParams = Static<typeof ApiTokenParams>;

export const CreateApiTokenBody = Type.Object({ name: Name }, { additionalProperties: false });
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

/** The answer of a create: the only time the secret is ever shown. */
export const ApiTokenCreated = Type.Object({
  message: Type.String(),
  apiToken: ApiToken,
  token: Type.String({ description: 'The secret; shown only in this answer and stored only as a hash' }),
});
export type ApiTokenCreated = Static<typeof ApiTokenCreated>;
