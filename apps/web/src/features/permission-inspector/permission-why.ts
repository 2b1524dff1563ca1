import type {
  EffectivePermission,
  EffectivePermissions,
  PermissionSource,
  VisibilityReason,
} from '@verdict/contract';

/**
 * Plain words for the permission inspector: why a user holds a permission, or why not, and
 * how they see the project. Pure functions over the server's answer, so the screen says what
 * the server decides.
 */

/** 'A', 'A and B', 'A, B and C'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function sourcesText(sources: readonly PermissionSource[], projectName: string | null): string {
  const global = sources.filter((s) => s.kind === 'global-role').map((s) => s.role.name);
  const project = sources.filter((s) => s.kind === 'project-role').map((s) => s.role.name);
  const parts: string[] = [];
  if (global.length > 0) parts.push(`the global role${global.length > 1 ? 's' : ''} ${listText(global)}`);
  if (project.length > 0) parts.push(`their role ${listText(project)} in ${projectName ?? 'the project'}`);
  return parts.join(', and by ');
}

/** One sentence: why `permission` is granted or not, in the answer's scope. */
export function whyText(answer: EffectivePermissions, permission: EffectivePermission): string {
  const who = answer.user.username;
  const project = answer.project;
  const visibility = answer.visibility;
  if (project && visibility && !visibility.visible) {
    const would =
      permission.sources.length > 0 ? ` (${sourcesText(permission.sources, project.name)} carries it)` : '';
    return `Not granted in ${project.name}: ${who} cannot see this project${would}.`;
  }
  if (permission.granted) return `Granted by ${sourcesText(permission.sources, project?.name ?? null)}.`;

  const roles = answer.globalRoles.map((role) => role.name);
  const global =
    roles.length === 0
      ? `${who} has no global role`
      : `none of ${who}'s global roles (${listText(roles)}) carries it`;
  if (!project) return `Not granted: ${global}.`;
  const member = visibility?.memberRole;
  const inProject = member
    ? `nor their role ${member.name} in ${project.name}`
    : `and ${who} has no role in ${project.name}`;
  return `Not granted: ${global}, ${inProject}.`;
}

const REASON_TEXT: Record<VisibilityReason, (answer: EffectivePermissions) => string> = {
  member: (answer) => `a member (role ${answer.visibility?.memberRole?.name ?? '?'})`,
  creator: () => 'its creator',
  view_all_projects: () => 'a holder of view_all_projects',
};

/** How the user sees the chosen project, or what the answer covers without one. */
export function scopeText(answer: EffectivePermissions): string {
  const who = answer.user.username;
  const { project, visibility } = answer;
  if (!project || !visibility) {
    return `Global permissions of ${who}: those of their global roles. Pick a project to add the role they hold there.`;
  }
  if (!visibility.visible) {
    return `${who} cannot see ${project.name}: not a member, not its creator, and without view_all_projects. Everything inside it answers "not found" for them.`;
  }
  const reasons = listText(visibility.reasons.map((reason) => REASON_TEXT[reason](answer)));
  return `${who} sees ${project.name} as ${reasons}. Inside it they hold their global permissions plus those of their role there.`;
}
