import { type Static, Type } from 'typebox';
import { Description, Id, IdName, Name } from './common.ts';

export const Project = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  created_by: Type.Union([Type.Integer(), Type.Null()]),
});
export type Project = Static<typeof Project>;
export const ProjectList = Type.Array(Project);

export const ProjectMember = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  role: Type.Union([IdName, Type.Null()]),
});
export type ProjectMember = Static<typeof ProjectMember>;

export const ProjectDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  members: Type.Array(ProjectMember),
  /** The caller's own role in this project, so the app can gate controls without users_in_project. */
  my_role_id: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * The caller's permission names inside this project, sorted: global ones plus those of their
   * role here, the same set the server checks. The app gates the project's controls by it.
   */
  my_permissions: Type.Array(Type.String()),
});
export type ProjectDetail = Static<typeof ProjectDetail>;

export const ProjectBody = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type ProjectBody = Static<typeof ProjectBody>;

export const ProjectMutation = Type.Object({ message: Type.String(), project: Project });
export type ProjectMutation = Static<typeof ProjectMutation>;

export const ProjectCount = Type.Object({ totalProjects: Type.Integer() });
export type ProjectCount = Static<typeof ProjectCount>;

export const AddMemberBody = Type.Object(
  { projectId: Id, userId: Id, roleId: Id },
  { additionalProperties: false },
);
export type AddMemberBody = Static<typeof AddMemberBody>;

/** projectId and userId repeat the path; when given they must match it. */
export const ChangeRoleBody = Type.Object(
  { projectId: Type.Optional(Id), userId: Type.Optional(Id), roleId: Id },
  { additionalProperties: false },
);
export type ChangeRoleBody = Static<typeof ChangeRoleBody>;

/** `/…/project/{projectId}` paths of the suite and case lists. */
export const ProjectIdParams = Type.Object({ projectId: Id }, { additionalProperties: false });
export type ProjectIdParams = Static<typeof ProjectIdParams>;

export const MemberParams = Type.Object({ id: Id, userId: Id }, { additionalProperties: false });
export type MemberParams = Static<typeof MemberParams>;

export const MemberMutation = Type.Object({ message: Type.String(), member: ProjectMember });
export type MemberMutation = Static<typeof MemberMutation>;
