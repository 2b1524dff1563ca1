import type { RequirementDetail } from '@verdict/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Markdown } from '@/components/ui/markdown';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { type NavigationToastState, useToast } from '@/components/ui/toast';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useRequirement, useRequirementMutations } from '../api/requirements';
import { countsText, formValuesOf, requirementBodyOf } from '../requirement-text';
import { CoverageBadge, CoverageBar } from './coverage';
import { LinkedCases } from './linked-cases';
import { RequirementChildrenCard } from './requirement-children-card';
import { RequirementDialog } from './requirement-dialog';
import { RequirementHistory } from './requirement-history';
import './requirements.css';

/**
 * /requirements/{id}: a requirement's key, status, link, description and coverage, the
 * requirements under it, its linked cases with their latest result, and its history; Edit and
 * Delete for edit_requirement and delete_requirement holders (docs/product/requirements-screens.md).
 */
export function RequirementPage() {
  const id = useIdParam();
  const requirement = useRequirement(id);
  if (id === null) {
    return (
      <Page title="Requirement">
        <ErrorBox message="Failed to fetch the requirement" />
      </Page>
    );
  }
  if (isNotFound(requirement.error)) {
    return (
      <ObjectNotFound kind="Requirement" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />
    );
  }
  if (requirement.isError && !requirement.data) {
    return (
      <Page title="Requirement">
        <LoadFailed
          what="the requirement"
          error={requirement.error}
          onRetry={() => void requirement.refetch()}
        />
      </Page>
    );
  }
  if (!requirement.data) {
    return (
      <Page title="Requirement">
        <Loading text="Loading requirement..." />
      </Page>
    );
  }
  return <RequirementView requirement={requirement.data} />;
}

function RequirementView({ requirement }: { requirement: RequirementDetail }) {
  const projectId = requirement.project_id;
  const { can } = useProjectPermissions(projectId);
  const trail = useObjectTrail({ type: 'project', id: projectId });
  const parent = useRequirement(requirement.parent_id);
  const { update, remove } = useRequirementMutations(projectId);
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);

  const breadcrumbs = [
    ...trail.crumbs,
    { label: 'Requirements', href: paths.requirements(projectId) },
    { label: requirement.key, href: paths.requirementDetail(requirement.id) },
  ];
  const parentRef = parent.data
    ? { id: parent.data.id, key: parent.data.key, title: parent.data.title }
    : null;
  const closeEdit = () => {
    update.reset();
    setEditing(false);
  };
  const onDelete = async () => {
    const below = requirement.has_children ? ' The requirements under it go too.' : '';
    const confirmed = await confirm({
      text: `Delete ${requirement.key} "${requirement.title}"? Its links to cases go with it.${below} This cannot be undone.`,
      confirmLabel: 'Yes, Delete',
    });
    if (!confirmed) return;
    remove.mutate(requirement.id, {
      onSuccess: (answer) => {
        const state: NavigationToastState = { message: answer.message };
        void navigate(paths.requirements(projectId), { state });
      },
      onError: (error) => toast.show(errorText(error, 'Failed to delete the requirement'), 'error'),
    });
  };

  const actions = (
    <>
      {can('edit_requirement') ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit
        </Button>
      ) : null}
      {can('delete_requirement') ? (
        <Button variant="danger" onClick={() => void onDelete()} busy={remove.isPending}>
          Delete
        </Button>
      ) : null}
    </>
  );

  return (
    <Page
      title={requirement.title}
      documentTitle={`${requirement.key} ${requirement.title}`}
      subtitle={`Requirement ${requirement.key}`}
      breadcrumbs={breadcrumbs}
      actions={actions}
      card={false}
    >
      <Card title="Details">
        <dl className="requirement-facts">
          <dt>Key</dt>
          <dd className="requirement-key">{requirement.key}</dd>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[requirement.status]}</dd>
          <dt>Coverage</dt>
          <dd>
            <CoverageBadge coverage={requirement.coverage} /> <CoverageBar counts={requirement.counts} />{' '}
            <span className="requirement-counts" aria-hidden="true">
              {countsText(requirement.counts)}
            </span>
          </dd>
          {requirement.parent_id !== null ? (
            <>
              <dt>Parent</dt>
              <dd>
                <Link to={paths.requirementDetail(requirement.parent_id)}>
                  {parentRef ? `${parentRef.key} ${parentRef.title}` : 'Its parent requirement'}
                </Link>
              </dd>
            </>
          ) : null}
          {requirement.external_url ? (
            <>
              <dt>External link</dt>
              <dd>
                <a href={requirement.external_url} target="_blank" rel="noreferrer noopener">
                  {requirement.external_url}
                </a>
              </dd>
            </>
          ) : null}
          <dt>Version</dt>
          <dd>{requirement.version}</dd>
        </dl>
        {requirement.description ? <Markdown text={requirement.description} /> : null}
      </Card>
      <RequirementChildrenCard requirement={requirement} canAdd={can('add_requirement')} />
      <LinkedCases requirement={requirement} canEdit={can('edit_requirement')} />
      <RequirementHistory requirementId={requirement.id} version={requirement.version} />
      {editing ? (
        <RequirementDialog
          projectId={projectId}
          editingId={requirement.id}
          initial={formValuesOf(requirement)}
          initialParent={parentRef}
          busy={update.isPending}
          error={update.error}
          onClose={closeEdit}
          onSubmit={(values) =>
            update.mutate(
              { id: requirement.id, body: requirementBodyOf(values) },
              {
                onSuccess: (answer) => {
                  toast.show(answer.message);
                  closeEdit();
                },
              },
            )
          }
        />
      ) : null}
    </Page>
  );
}
