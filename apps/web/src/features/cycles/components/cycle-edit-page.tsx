import type { Cycle } from '@verdict/contract';
import { type FormEvent, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useUpdateCycle } from '@/entities/cycle/cycle-api';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { CycleFields, cycleFieldsBody, milestoneValue, useCycleFields } from './cycle-fields';
import { CycleScreen } from './cycle-screen';
import './cycles.css';

/** /edit-cycle/{id}: a cycle's name, description, milestone and environment (edit_test_cycle). */
export function CycleEditPage() {
  return <CycleScreen title="Edit Test Cycle">{(cycle) => <CycleEditForm cycle={cycle} />}</CycleScreen>;
}

function CycleEditForm({ cycle }: { cycle: Cycle }) {
  const navigate = useNavigate();
  const update = useUpdateCycle(cycle.id);
  const { can, loading } = useProjectPermissions(cycle.project_id);
  const trail = useObjectTrail({ type: 'project', id: cycle.project_id });
  const fields = useCycleFields({
    name: cycle.name,
    description: cycle.description,
    milestone_id: milestoneValue(cycle.milestone_id),
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
        <CycleFields
          fields={fields}
          serverErrors={fieldErrorsOf(update.error)}
          nameRef={nameRef}
          projectId={cycle.project_id}
          milestonesShown={can('home_milestone')}
          startingMilestone={cycle.milestone}
        />
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
