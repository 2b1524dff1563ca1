import type { Cycle } from '@verdict/contract';
import { type FormEvent, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions } from '@/components/ui/form-field';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useCycle, useUpdateCycle } from '@/lib/cycle-api';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useProjectPermissions } from '@/lib/project-permissions';
import { useIdParam } from '@/lib/route-params';
import { useObjectTrail } from '@/lib/use-object-trail';
import { CycleFields, cycleFieldsBody, useCycleFields } from './cycle-fields';
import './cycles.css';

/** /edit-cycle/{id}: a cycle's name, description, milestone and environment (edit_test_cycle). */
export function CycleEditPage() {
  const id = useIdParam();
  const cycle = useCycle(id);
  if (id === null) {
    return (
      <Page title="Edit Test Cycle">
        <ErrorBox message="Failed to fetch test cycle" />
      </Page>
    );
  }
  if (isNotFound(cycle.error)) {
    return (
      <ObjectNotFound kind="Test cycle" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />
    );
  }
  if (cycle.isError && !cycle.data) {
    return (
      <Page title="Edit Test Cycle">
        <LoadFailed what="the test cycle" error={cycle.error} onRetry={() => void cycle.refetch()} />
      </Page>
    );
  }
  if (!cycle.data) {
    return (
      <Page title="Edit Test Cycle">
        <Loading text="Loading test cycle..." />
      </Page>
    );
  }
  return <CycleEditForm cycle={cycle.data} />;
}

function CycleEditForm({ cycle }: { cycle: Cycle }) {
  const navigate = useNavigate();
  const update = useUpdateCycle(cycle.id);
  const { can, loading } = useProjectPermissions(cycle.project_id);
  const trail = useObjectTrail({ type: 'project', id: cycle.project_id });
  const fields = useCycleFields({
    name: cycle.name,
    description: cycle.description,
    milestone: cycle.milestone ?? '',
    environment: cycle.environment ?? '',
  });
  const nameRef = useRef<HTMLInputElement>(null);
  const breadcrumbs = [
    ...trail.crumbs,
    { label: cycle.name, href: paths.cycleDetail(cycle.id) },
    { label: 'Edit Test Cycle', href: paths.cycleEdit(cycle.id) },
  ];

  if (!loading && !can('edit_test_cycle')) {
    return (
      <Page title="Edit Test Cycle" breadcrumbs={breadcrumbs}>
        <p>You need the edit_test_cycle permission to edit this test cycle.</p>
      </Page>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (!fields.check()) {
      nameRef.current?.focus();
      return;
    }
    update.mutate(cycleFieldsBody(fields.values), {
      onSuccess: (answer) => {
        const state: NavigationToastState = { message: answer.message };
        void navigate(paths.cycleDetail(cycle.id), { state });
      },
    });
  };

  return (
    <Page title="Edit Test Cycle" subtitle={cycle.name} breadcrumbs={breadcrumbs} narrow>
      <form className="form" onSubmit={submit} noValidate>
        <ErrorBox message={update.isError ? 'Failed to update Test Cycle' : null} error={update.error} />
        <CycleFields fields={fields} serverErrors={fieldErrorsOf(update.error)} nameRef={nameRef} />
        <FormActions>
          <Button type="submit" busy={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
          <ButtonLink to={paths.cycleDetail(cycle.id)} variant="secondary">
            Cancel
          </ButtonLink>
        </FormActions>
      </form>
    </Page>
  );
}
