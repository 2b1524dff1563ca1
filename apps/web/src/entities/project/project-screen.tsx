import type { PermissionName } from '@verdict/contract';
import type { ReactNode } from 'react';
import { AccessDenied } from '@/components/ui/access-denied';
import type { Crumb } from '@/components/ui/breadcrumbs';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useProject } from './get-project';
import { useProjectPermissions } from './project-permissions';
import { useScreenTrail } from './use-object-trail';

export interface ProjectScreenProps {
  title: string;
  /** What the screen needs in the project; without it the screen says so in place of its cards. */
  permission: PermissionName;
  /** A crumb between the project and this screen ('Requirements'), if the screen sits under one. */
  parent?: (projectId: number) => Crumb;
  /** The screen's cards, once the project has loaded and `permission` is granted. */
  children: (projectId: number, can: (permission: PermissionName) => boolean) => ReactNode;
}

/**
 * A screen of one project (/projects/{id}/...) that needs a permission there: its title over the
 * project's name and trail, 'Loading project...', the project's not-found and load-failure
 * answers, then either the screen's cards or why the user may not use them.
 */
export function ProjectScreen({ title, permission, parent, children }: ProjectScreenProps) {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const trail = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, title);
  if (projectId === null) {
    return (
      <Page title={title}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  if (isNotFound(project.error)) {
    return <ObjectNotFound kind="Project" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  const breadcrumbs = parent ? [...trail.slice(0, -1), parent(projectId), ...trail.slice(-1)] : trail;
  return (
    <Page title={title} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      {project.isError ? (
        <Card>
          <LoadFailed what="the project" error={project.error} onRetry={() => void project.refetch()} />
        </Card>
      ) : loading || !project.data ? (
        <Card>
          <Loading text="Loading project..." />
        </Card>
      ) : can(permission) ? (
        children(projectId, can)
      ) : (
        <Card>
          <AccessDenied permission={permission} />
        </Card>
      )}
    </Page>
  );
}
