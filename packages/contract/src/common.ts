import { type Static, Type } from 'typebox';
import { LIMITS } from './constants.ts';

/**
 * A positive database id. In a path or a query string it arrives as text and must be written in
 * plain decimal digits (`12`; not `+12`, `012`, `1.2e1` or `0xc`), else 400; in a JSON body it
 * must be a JSON number (`"12"` is 400). The server's validator enforces both for every integer
 * of those parts (apps/server/src/lib/validation.ts).
 */
export const Id = Type.Integer({ minimum: 1, maximum: LIMITS.idMax });

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

export const Name = Type.String({ minLength: 1, maxLength: LIMITS.nameMax });
export const Description = Type.String({ maxLength: LIMITS.descriptionMax });
export const Email = Type.String({ format: 'email', maxLength: LIMITS.emailMax });
export const Password = Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** Optional paging for lists; without them a list answers whole (docs/product/README.md). */
export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.idMax })),
    q: Type.Optional(Type.String({ maxLength: LIMITS.nameMax })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const IdName = Type.Object({ id: Type.Integer(), name: Type.String() });
export type IdName = Static<typeof IdName>;
