import type { Plan } from '@verdict/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Markdown } from '@/components/ui/markdown';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { type NavigationToastState, useToast } from '@/components/ui/toast';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { useProjectMilestones } from '@/entities/milestone/milestone-api';
import { usePlan } from '@/entities/plan/plan-api';
import { planCyclesText } from '@/entities/plan/plan-line';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useDeletePlan, useUpdatePlan } from '../api/plans';
import { PlanCycles } from './plan-cycles';
import { PlanDeleteDialog } from './plan-delete-dialog';
import { PlanDialog } from './plan-dialog';
import './plans.css';

/**
 * /plans/{id}: a test plan's milestone, description and totals, and its cycles by entry; Edit
 * (edit_test_cycle) and Delete (delete_test_cycle), which asks whether its cycles stay
 * (docs/product/plans-screens.md, "The plan page").
 */
export function PlanPage() {
  const id = useIdParam();
  const plan = usePlan(id);
  if (id === null) {
    return (
      <Page title="Test plan">
        <ErrorBox message="Failed to fetch the test plan" />
      </Page>
    );
  }
  if (isNotFound(plan.error)) {
    return <ObjectNotFound kind="Test plan" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  if (plan.isError && !plan.data) {
    return (
      <Page title="Test plan">
        <LoadFailed what="the test plan" error={plan.error} onRetry={() => void plan.refetch()} />
      </Page>
    );
  }
  if (!plan.data) {
    return (
      <Page title="Test plan">
        <Loading text="Loading test plan..." />
      </Page>
    );
  }
  return <PlanView plan={plan.data} />;
}

function PlanView({ plan }: { plan: Plan }) {
  const projectId = plan.project_id;
  const { can } = useProjectPermissions(projectId);
  const trail = useObjectTrail({ type: 'project', id: projectId });
  const milestones = useProjectMilestones(projectId, can('home_milestone'));
  const update = useUpdatePlan(plan.id);
  const remove = useDeletePlan(plan.id);
  const toast = useToast();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  // The milestone's name: from the project's list, else from its cycles, which carry it.
  const milestoneName =
    plan.milestone_id === null
      ? null
      : (milestones.data?.find((m) => m.id === plan.milestone_id)?.name ??
        plan.cycles.find((cycle) => cycle.milestone_id === plan.milestone_id)?.milestone ??
        'Its milestone');
  const breadcrumbs = [
    ...trail.crumbs,
    { label: 'Test plans', href: paths.plans(projectId) },
    { label: plan.name, href: paths.planDetail(plan.id) },
  ];
  const closeEdit = () => {
    update.reset();
    setDialog(null);
  };
  const closeDelete = () => {
    remove.reset();
    setDialog(null);
  };

  const actions = (
    <>
      {can('edit_test_cycle') ? (
        <Button variant="secondary" onClick={() => setDialog('edit')}>
          Edit
        </Button>
      ) : null}
      {can('delete_test_cycle') ? (
        <Button variant="danger" onClick={() => setDialog('delete')}>
          Delete
        </Button>
      ) : null}
    </>
  );

  return (
    <Page title={plan.name} subtitle="Test plan" breadcrumbs={breadcrumbs} actions={actions} card={false}>
      <Card title="Progress">
        {plan.milestone_id !== null ? (
          <p className="plan-fact">
            Milestone <Link to={paths.milestoneDetail(plan.milestone_id)}>{milestoneName}</Link>
          </p>
        ) : null}
        <CycleProgress counts={plan.totals} legend />
        <p className="plan-muted">{planCyclesText(plan)}</p>
        {plan.description ? <Markdown text={plan.description} /> : null}
      </Card>
      <Card title="Test cycles">
        <PlanCycles plan={plan} />
      </Card>
      {dialog === 'edit' ? (
        <PlanDialog
          plan={plan}
          milestones={milestones.data}
          milestonesShown={can('home_milestone')}
          busy={update.isPending}
          error={update.error}
          onClose={closeEdit}
          onSubmit={(body) =>
            update.mutate(body, {
              onSuccess: (answer) => {
                toast.show(answer.message);
                closeEdit();
              },
            })
          }
        />
      ) : null}
      {dialog === 'delete' ? (
        <PlanDeleteDialog
          plan={plan}
          busy={remove.isPending}
          error={remove.error}
          onClose={closeDelete}
          onDelete={(cycles) =>
            remove.mutate(cycles, {
              onSuccess: (answer) => {
                const state: NavigationToastState = { message: answer.message };
                void navigate(paths.plans(projectId), { state });
              },
            })
          }
        />
      ) : null}
    </Page>
  );
}
