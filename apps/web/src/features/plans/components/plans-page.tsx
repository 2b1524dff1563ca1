import type { Milestone, PlanSummary } from '@verdict/contract';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Card, Page } from '@/components/ui/page';
import { useProjectMilestones } from '@/entities/milestone/milestone-api';
import { useProjectPlans } from '@/entities/plan/plan-api';
import { PlanLine } from '@/entities/plan/plan-line';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';

const TITLE = 'Test plans';

/**
 * /projects/{id}/plans: the project's test plans in the order they were made, each with its
 * milestone and the progress over its cycles; Add test plan for holders of add_test_cycle
 * (docs/product/plans-screens.md).
 */
export function PlansPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const allowed = !loading && can('home_test_cycle');
  const plans = useProjectPlans(projectId, allowed);
  const milestones = useProjectMilestones(projectId, allowed && can('home_milestone'));

  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const actions =
    allowed && can('add_test_cycle') ? (
      <ButtonLink to={paths.planCreate(projectId)}>Add test plan</ButtonLink>
    ) : null;
  let body: ReactNode;
  if (loading) body = null;
  else if (!allowed) body = <p>You need the home_test_cycle permission to see this project's test plans.</p>;
  else if (plans.isError)
    body = <LoadFailed what="the test plans" error={plans.error} onRetry={() => void plans.refetch()} />;
  else if (!plans.data) body = <p>Loading test plans...</p>;
  else body = <PlanList plans={plans.data} milestones={milestones.data ?? []} />;

  return (
    <Page
      title={TITLE}
      subtitle={project.data?.name}
      breadcrumbs={breadcrumbs}
      actions={actions}
      card={false}
    >
      <Card>{body}</Card>
    </Page>
  );
}

function PlanList({
  plans,
  milestones,
}: {
  plans: readonly PlanSummary[];
  milestones: readonly Milestone[];
}) {
  if (plans.length === 0) {
    return (
      <p>
        No test plans yet. A test plan makes the test cycles of a release in one go: one per entry and
        configuration.
      </p>
    );
  }
  const byId = new Map(milestones.map((milestone) => [milestone.id, milestone]));
  return (
    <ul className="plan-list" aria-label="Test plans">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanLine plan={plan} milestone={plan.milestone_id === null ? null : byId.get(plan.milestone_id)} />
        </li>
      ))}
    </ul>
  );
}
