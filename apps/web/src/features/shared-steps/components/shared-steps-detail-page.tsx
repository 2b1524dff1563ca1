import type { SharedSteps } from '@verdict/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Markdown } from '@/components/ui/markdown';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { CaseStepList } from '@/entities/case/case-steps';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { useSharedSteps } from '@/entities/shared-steps/shared-steps-api';
import { sharedStepsPaths } from '@/entities/shared-steps/shared-steps-paths';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useSharedStepsMutations } from '../api/shared-steps';
import { DeleteSharedStepsDialog } from './delete-shared-steps-dialog';
import { SharedStepsForm } from './shared-steps-form';
import { SharedStepsUsageList } from './shared-steps-usage';
import './shared-steps.css';

/**
 * /shared-steps/{id}: a set's name, description and steps, the cases using it, Edit (name,
 * description, steps: every case using it gets a new version) and Delete (docs/product/shared-steps-screens.md).
 */
export function SharedStepsDetailPage() {
  const id = useIdParam();
  const set = useSharedSteps(id);
  if (id === null) {
    return (
      <Page title="Shared Steps">
        <ErrorBox message="Failed to fetch the shared steps" />
      </Page>
    );
  }
  if (isNotFound(set.error)) {
    return (
      <ObjectNotFound kind="Shared steps" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />
    );
  }
  if (set.isError && !set.data) {
    return (
      <Page title="Shared Steps">
        <LoadFailed what="the shared steps" error={set.error} onRetry={() => void set.refetch()} />
      </Page>
    );
  }
  if (!set.data) {
    return (
      <Page title="Shared Steps">
        <Loading text="Loading shared steps..." />
      </Page>
    );
  }
  return <SharedStepsView set={set.data} />;
}

function SharedStepsView({ set }: { set: SharedSteps }) {
  const { can } = useProjectPermissions(set.project_id);
  const trail = useObjectTrail({ type: 'project', id: set.project_id });
  const { update } = useSharedStepsMutations(set.id);
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const breadcrumbs = [
    ...trail.crumbs,
    { label: 'Shared Steps', href: sharedStepsPaths.list(set.project_id) },
    { label: set.name, href: sharedStepsPaths.detail(set.id) },
  ];
  const actions = editing ? null : (
    <>
      {can('edit_test_case') ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit
        </Button>
      ) : null}
      {can('delete_test_case') ? (
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete
        </Button>
      ) : null}
    </>
  );
  const closeEdit = () => {
    update.reset();
    setEditing(false);
  };

  return (
    <Page
      title="Shared Steps"
      documentTitle={set.name}
      subtitle={set.name}
      breadcrumbs={breadcrumbs}
      actions={actions}
      card={false}
    >
      <Card>
        {editing ? (
          <SharedStepsForm
            initial={{ name: set.name, description: set.description, steps: set.steps }}
            submitLabel="Save Changes"
            busy={update.isPending}
            error={update.error}
            failure="Failed to update the shared steps"
            onCancel={closeEdit}
            onSubmit={(values) =>
              update.mutate(values, {
                onSuccess: (answer) => {
                  toast.show(answer.message);
                  closeEdit();
                },
              })
            }
          />
        ) : (
          <>
            <p className="muted shared-steps-facts">
              Version {set.version}
              {set.creator ? `, made by ${set.creator.username}` : ''}, changed{' '}
              <time dateTime={isoDateTime(set.updated_at)}>{formatDateTime(set.updated_at)}</time>.
              {set.case_count > 0
                ? ' A change here changes every case using these steps, each with a new version.'
                : ''}
            </p>
            {set.description ? <Markdown text={set.description} /> : null}
            <h2 className="shared-steps-section-title">Steps ({set.steps.length})</h2>
            <CaseStepList steps={set.steps} />
          </>
        )}
      </Card>
      <Card title={`Used by ${set.case_count} ${set.case_count === 1 ? 'case' : 'cases'}`}>
        <SharedStepsUsageList set={set} />
      </Card>
      {deleting ? (
        <DeleteSharedStepsDialog
          set={set}
          mayCopy={can('edit_test_case')}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </Page>
  );
}
