import type { Cycle, Milestone, PermissionName } from '@verdict/contract';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Markdown } from '@/components/ui/markdown';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { type NavigationToastState, useToast } from '@/components/ui/toast';
import { useMilestoneCycles } from '@/entities/cycle/cycle-api';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { countsText } from '@/entities/cycle/cycle-states';
import { useMilestone, useProjectMilestones } from '@/entities/milestone/milestone-api';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { errorText } from '@/lib/api-client';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useMilestoneMutations } from '../api/milestones';
import { formValuesOf, updateBodyOf } from '../milestone-form-values';
import { MilestoneDialog } from './milestone-dialog';
import { cyclesText, MilestoneDates, MilestoneLine } from './milestone-line';
import { MilestonePlans } from './milestone-plans';
import { ReadinessPanel } from './readiness-panel';
import './milestones.css';

/**
 * /milestones/{id}: a milestone's figures (items by state over its cycles and its sub-milestones'),
 * its own test cycles and its sub-milestones; Edit (edit_milestone) and Delete (delete_milestone)
 * (docs/product/milestones.md, "The screens").
 */
/** What a route adds to the page, after its plans: the defects (app/routes/milestone-page.tsx). */
export type MilestoneContentsSlot = (
  milestone: Milestone,
  can: (permission: PermissionName) => boolean,
) => ReactNode;

export function MilestonePage({ moreContents }: { moreContents?: MilestoneContentsSlot } = {}) {
  const id = useIdParam();
  const milestone = useMilestone(id);
  if (id === null) {
    return (
      <Page title="Milestone">
        <ErrorBox message="Failed to fetch the milestone" />
      </Page>
    );
  }
  if (isNotFound(milestone.error)) {
    return <ObjectNotFound kind="Milestone" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  if (milestone.isError && !milestone.data) {
    return (
      <Page title="Milestone">
        <LoadFailed what="the milestone" error={milestone.error} onRetry={() => void milestone.refetch()} />
      </Page>
    );
  }
  if (!milestone.data) {
    return (
      <Page title="Milestone">
        <Loading text="Loading milestone..." />
      </Page>
    );
  }
  return <MilestoneView milestone={milestone.data} moreContents={moreContents} />;
}

function MilestoneView({
  milestone,
  moreContents,
}: {
  milestone: Milestone;
  moreContents?: MilestoneContentsSlot | undefined;
}) {
  const projectId = milestone.project_id;
  const { can } = useProjectPermissions(projectId);
  const trail = useObjectTrail({ type: 'project', id: projectId });
  const siblings = useProjectMilestones(projectId);
  const cycles = useMilestoneCycles(projectId, milestone.id, can('home_test_cycle'));
  const { update, remove } = useMilestoneMutations(projectId);
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);

  const all = siblings.data ?? [];
  const parent = all.find((m) => m.id === milestone.parent_id);
  const subs = all.filter((m) => m.parent_id === milestone.id);
  // Its cycles and its sub-milestones' (decision 205); the page lists its own.
  const ownCycles = cycles.data?.filter((cycle) => cycle.milestone_id === milestone.id);
  const breadcrumbs = [
    ...trail.crumbs,
    { label: 'Milestones', href: paths.milestones(projectId) },
    ...(parent ? [{ label: parent.name, href: paths.milestoneDetail(parent.id) }] : []),
    { label: milestone.name, href: paths.milestoneDetail(milestone.id) },
  ];

  const onDelete = async () => {
    const confirmed = await confirm({
      text: deleteText(milestone, ownCycles?.length, subs.length),
      confirmLabel: 'Yes, Delete',
    });
    if (!confirmed) return;
    remove.mutate(milestone.id, {
      onSuccess: (answer) => {
        const state: NavigationToastState = { message: answer.message };
        void navigate(paths.milestones(projectId), { state });
      },
      onError: (error) => toast.show(errorText(error, 'Failed to delete the milestone'), 'error'),
    });
  };

  const actions = (
    <>
      <ButtonLink variant="secondary" to={paths.milestoneSignOff(milestone.id)}>
        Sign-off report
      </ButtonLink>
      {can('edit_milestone') ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit
        </Button>
      ) : null}
      {can('delete_milestone') ? (
        <Button variant="danger" onClick={() => void onDelete()} busy={remove.isPending}>
          Delete
        </Button>
      ) : null}
    </>
  );

  return (
    <Page
      title={milestone.name}
      subtitle={parent ? `Sub-milestone of ${parent.name}` : 'Milestone'}
      breadcrumbs={breadcrumbs}
      actions={actions}
      card={false}
    >
      <Card title="Progress">
        <p className="milestone-state">
          <span className={`milestone-badge milestone-badge-${milestone.state}`}>
            {milestone.state === 'open' ? 'Open' : 'Completed'}
          </span>
          {milestone.branch ? (
            <span>
              CI branch <code>{milestone.branch}</code>
            </span>
          ) : null}
        </p>
        <MilestoneDates milestone={milestone} />
        <CycleProgress counts={milestone.counts} legend />
        <p className="milestone-counts">{cyclesText(milestone)}</p>
        {subs.length > 0 ? (
          <p className="form-hint">These figures include the test cycles of its sub-milestones.</p>
        ) : null}
        {milestone.description ? <Markdown text={milestone.description} /> : null}
      </Card>
      <ReadinessPanel milestoneId={milestone.id} canEdit={can('edit_milestone')} />
      <Card title="Test Cycles">
        <MilestoneCycles cycles={ownCycles} canSee={can('home_test_cycle')} error={cycles.error} />
      </Card>
      <MilestonePlans milestone={milestone} cycles={ownCycles} canSee={can('home_test_cycle')} />
      {moreContents?.(milestone, can)}
      {milestone.parent_id === null ? (
        <Card title="Sub-milestones">
          {subs.length > 0 ? (
            <ul className="milestone-list" aria-label={`Sub-milestones of ${milestone.name}`}>
              {subs.map((sub) => (
                <li key={sub.id} className="milestone-item">
                  <MilestoneLine milestone={sub} />
                </li>
              ))}
            </ul>
          ) : (
            <p>{siblings.data ? 'No sub-milestones.' : 'Loading sub-milestones...'}</p>
          )}
        </Card>
      ) : null}
      {editing ? (
        <EditMilestone
          milestone={milestone}
          milestones={all}
          onClose={() => setEditing(false)}
          update={update}
        />
      ) : null}
    </Page>
  );
}

/** What a delete does, said before it happens (decision 192: the cycles and sub-milestones stay). */
export function deleteText(milestone: Milestone, cycles: number | undefined, subs: number): string {
  const cyclesPart =
    cycles === undefined
      ? 'Its test cycles stay, with their results, and belong to no milestone.'
      : cycles === 0
        ? 'It has no test cycles of its own.'
        : `Its ${formatCount(cycles)} test ${cycles === 1 ? 'cycle stays' : 'cycles stay'}, with ${cycles === 1 ? 'its' : 'their'} results, and ${cycles === 1 ? 'belongs' : 'belong'} to no milestone.`;
  const subsPart =
    subs === 0
      ? ''
      : ` Its ${formatCount(subs)} ${subs === 1 ? 'sub-milestone becomes a top-level milestone' : 'sub-milestones become top-level milestones'}.`;
  return `Delete the milestone ${milestone.name}? ${cyclesPart}${subsPart}`;
}

function MilestoneCycles({
  cycles,
  canSee,
  error,
}: {
  cycles: Cycle[] | undefined;
  canSee: boolean;
  error: unknown;
}): ReactNode {
  if (!canSee) return <p>You need the home_test_cycle permission to see test cycles.</p>;
  if (error) return <ErrorBox message="Could not load the test cycles." error={error} />;
  if (!cycles) return <p>Loading test cycles...</p>;
  if (cycles.length === 0)
    return <p>No test cycles in this milestone yet. Choose it as a test cycle's milestone to add one.</p>;
  return (
    <ul className="milestone-list" aria-label="Test cycles of this milestone">
      {cycles.map((cycle) => (
        <li key={cycle.id} className="milestone-item">
          <div className="milestone-line">
            <div className="milestone-line-head">
              <Link to={paths.cycleDetail(cycle.id)} className="milestone-name">
                {cycle.name}
              </Link>
              <span className="milestone-parent">{cycle.state === 'open' ? 'Open' : 'Closed'}</span>
            </div>
            <CycleProgress counts={cycle.counts} />
            <p className="milestone-counts">{countsText(cycle.counts)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EditMilestone({
  milestone,
  milestones,
  update,
  onClose,
}: {
  milestone: Milestone;
  milestones: readonly Milestone[];
  update: ReturnType<typeof useMilestoneMutations>['update'];
  onClose: () => void;
}) {
  const { show } = useToast();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <MilestoneDialog
      editing={milestone}
      initial={formValuesOf(milestone)}
      milestones={milestones}
      busy={update.isPending}
      error={update.error}
      onClose={close}
      onSubmit={(values) =>
        update.mutate(
          { id: milestone.id, body: updateBodyOf(values) },
          {
            onSuccess: (answer) => {
              show(answer.message);
              close();
            },
          },
        )
      }
    />
  );
}
