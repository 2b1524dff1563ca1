import type { Milestone } from '@verdict/contract';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useProjectMilestones } from '@/entities/milestone/milestone-api';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { formatCount } from '@/lib/format-number';
import { useIdParam } from '@/lib/route-params';
import { useMilestoneMutations } from '../api/milestones';
import { BLANK_MILESTONE, createBodyOf } from '../milestone-form-values';
import { groupMilestones } from '../milestone-groups';
import { MilestoneDialog } from './milestone-dialog';
import { MilestoneTree } from './milestone-tree';
import './milestones.css';

const TITLE = 'Milestones';

/**
 * /projects/{id}/milestones: the open milestones with their progress, dates and sub-milestones,
 * the completed ones folded away, and New Milestone for holders of add_milestone
 * (docs/product/milestones.md, "The screens").
 */
export function MilestonesPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const [creating, setCreating] = useState(false);
  const allowed = !loading && can('home_milestone');
  const milestones = useProjectMilestones(projectId, allowed);

  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const actions =
    allowed && can('add_milestone') ? <Button onClick={() => setCreating(true)}>New Milestone</Button> : null;
  let body: ReactNode;
  if (loading) body = null;
  else if (!allowed)
    body = (
      <Card>
        <p>You need the home_milestone permission to see this project's milestones.</p>
      </Card>
    );
  else if (milestones.isError)
    body = (
      <Card>
        <LoadFailed
          what="the milestones"
          error={milestones.error}
          onRetry={() => void milestones.refetch()}
        />
      </Card>
    );
  else if (!milestones.data)
    body = (
      <Card>
        <p>Loading milestones...</p>
      </Card>
    );
  else body = <MilestoneGroups milestones={milestones.data} />;

  return (
    <Page
      title={TITLE}
      subtitle={project.data?.name}
      breadcrumbs={breadcrumbs}
      actions={actions}
      card={false}
    >
      {body}
      {creating && milestones.data ? (
        <NewMilestone projectId={projectId} milestones={milestones.data} onClose={() => setCreating(false)} />
      ) : null}
    </Page>
  );
}

function MilestoneGroups({ milestones }: { milestones: readonly Milestone[] }) {
  const { open, completed } = groupMilestones(milestones);
  const completedCount = milestones.filter((milestone) => milestone.state === 'completed').length;
  return (
    <>
      <Card title="Open">
        {open.length > 0 ? (
          <MilestoneTree branches={open} label="Open milestones" />
        ) : (
          <p>
            {milestones.length === 0
              ? 'No milestones yet. A milestone gathers the test cycles of a release or a sprint.'
              : 'No open milestones.'}
          </p>
        )}
      </Card>
      {completedCount > 0 ? (
        <Card>
          <details className="milestone-completed">
            <summary>Completed ({formatCount(completedCount)})</summary>
            <MilestoneTree branches={completed} label="Completed milestones" />
          </details>
        </Card>
      ) : null}
    </>
  );
}

function NewMilestone({
  projectId,
  milestones,
  onClose,
}: {
  projectId: number;
  milestones: readonly Milestone[];
  onClose: () => void;
}) {
  const { create } = useMilestoneMutations(projectId);
  const { show } = useToast();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <MilestoneDialog
      initial={BLANK_MILESTONE}
      milestones={milestones}
      busy={create.isPending}
      error={create.error}
      onClose={close}
      onSubmit={(values) =>
        create.mutate(createBodyOf(values), {
          onSuccess: (answer) => {
            show(answer.message);
            close();
          },
        })
      }
    />
  );
}
