import { type Static, Type } from 'typebox';
import { Description, Id, Name } from './common.ts';

export const Suite = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  project_id: Type.Integer(),
});
export type Suite = Static<typeof Suite>;
export const SuiteList = Type.Array(Suite);

/** `/api/test-cases/suite/{suiteId}`. */
export const SuiteIdParams = Type.Object({ suiteId: Id }, { additionalProperties: false });
export type SuiteIdParams = Static<typeof SuiteIdParams>;

export const CreateSuiteBody = Type.Object(
  { project_id: Id, name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type CreateSuiteBody = Static<typeof CreateSuiteBody>;

export const UpdateSuiteBody = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type UpdateSuiteBody = Static<typeof UpdateSuiteBody>;

export const SuiteMutation = Type.Object({ message: Type.String(), suite: Suite });
export type SuiteMutation = Static<typeof SuiteMutation>;

export const SuiteCount = Type.Object({ totalTestSuites: Type.Integer() });
export type SuiteCount = Static<typeof SuiteCount>;
