import { useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail } from '@verdict/contract';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataList, type DataListColumn } from '@/components/ui/data-list';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { type ProjectPermissions, useProjectPermissions } from '@/entities/project/project-permissions';
import { paths } from '@/lib/paths';
import { refreshAfterProjectDelete } from '@/lib/refresh';
import { useIdParam } from '@/lib/route-params';
import { SR_NO_COLUMN_WIDTH } from '@/lib/ui-constants';
import { useDeleteProject } from '../api/project-mutations';
import { ProjectMembers } from './project-members';

export interface ProjectDetailPageProps {
  /**
   * What other features add at the right of the title (the Insights and Settings menus), gated
   * by `can`.
   */
  tools?: (project: ProjectDetail, can: ProjectPermissions['can']) => ReactNode;
  /**
   * What other features show of the project's contents (its cycles, suites and cases), gated by
   * `can`: the page leads with it, before the project's own table and its members.
   */
  contents?: (project: ProjectDetail, can: ProjectPermissions['can']) => ReactNode;
}

/**
 * /projects/{id}: what the project holds (`contents`), then the project as a one-row table (Edit,
 * Delete), the Add User / Add Test Suite / Add Test Case buttons and, with users_in_project, the
 * members table. Controls are gated by the user's permissions inside this project (global ∪
 * member role).
 */
export function ProjectDetailPage({ tools, contents }: ProjectDetailPageProps) {
  const id = useIdParam();
  const project = useProject(id);
  const access = useProjectPermissions(id);

  if (id === null) {
    return (
      <Page title="Project Details">
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  // A missing (or hidden) project has a page of its own; any other failure offers Retry.
  // docs/product/projects.md, "Project Details (`/projects/{id}`)"
  if (isNotFound(project.error)) {
    return <ObjectNotFound kind="Project" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  if (project.isError) {
    return (
      <Page title="Project Details">
        <LoadFailed what="the project" error={project.error} onRetry={() => void project.refetch()} />
      </Page>
    );
  }
  if (!project.data) {
    return (
      <Page title="Project Details">
        <Loading text="Loading project..." />
      </Page>
    );
  }
  return <ProjectDetailView project={project.data} access={access} tools={tools} contents={contents} />;
}

function ProjectDetailView({
  project,
  access,
  tools,
  contents,
}: ProjectDetailPageProps & { project: ProjectDetail; access: ProjectPermissions }) {
  const { can } = access;
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const remove = useDeleteProject();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = async () => {
    setDeleteError(null);
    if (!(await confirm({ text: `Do you really want to delete ${project.name}?` }))) return;
    remove.mutate(project.id, {
      onSuccess: async (answer) => {
        const state: NavigationToastState = { message: answer?.message ?? 'Project deleted successfully' };
        await navigate(paths.dashboard, { state });
        await refreshAfterProjectDelete(queryClient, project.id);
      },
      onError: () => setDeleteError('Failed to delete project'),
    });
  };

  const actions = can('edit_project') || can('delete_project');
  const columns: DataListColumn<ProjectDetail>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
  ];
  if (actions) {
    columns.push({
      key: 'action',
      header: 'Action',
      render: (row) => (
        <div className="table-actions">
          {can('edit_project') ? (
            <ButtonLink to={paths.projectEdit(row.id)} size="sm" variant="secondary">
              Edit
            </ButtonLink>
          ) : null}
          {can('delete_project') ? (
            <Button size="sm" variant="danger" busy={remove.isPending} onClick={onDelete}>
              Delete
            </Button>
          ) : null}
        </div>
      ),
    });
  }

  return (
    <Page
      title="Project Details"
      documentTitle={project.name}
      breadcrumbs={[{ label: project.name, href: paths.projectDetail(project.id) }]}
      subtitle={project.description || undefined}
      actions={tools?.(project, can)}
      card={false}
    >
      {contents?.(project, can)}
      <Card title="Project">
        <ErrorBox message={deleteError} />
        <DataList
          label="Project"
          columns={columns}
          rows={[project]}
          rowKey={(row) => row.id}
          emptyText="No project found"
          indexColumn={{ header: 'Sr No', width: SR_NO_COLUMN_WIDTH }}
        />
        <div className="detail-buttons">
          {can('add_user_in_project') ? (
            <ButtonLink to={paths.projectAddUser(project.id)}>Add User</ButtonLink>
          ) : null}
          {can('add_test_suit_in_project') ? (
            <ButtonLink to={paths.projectAddSuite(project.id)}>Add Test Suite</ButtonLink>
          ) : null}
          {can('add_test_case_in_project') ? (
            <ButtonLink to={paths.projectAddCase(project.id)}>Add Test Case</ButtonLink>
          ) : null}
        </div>
      </Card>
      {can('users_in_project') ? <ProjectMembers project={project} can={can} /> : null}
    </Page>
  );
}
