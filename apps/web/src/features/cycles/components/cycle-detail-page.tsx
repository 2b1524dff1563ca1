import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cycle, PermissionName } from '@verdict/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Card, Page } from '@/components/ui/page';
import { type NavigationToastState, useToast } from '@/components/ui/toast';
import { getCycleItems, useDeleteCycle, useUpdateCycle } from '@/entities/cycle/cycle-api';
import { CycleConfigurations } from '@/entities/cycle/cycle-configurations';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { usePlan } from '@/entities/plan/plan-api';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { CycleFacts } from './cycle-facts';
import { CycleItems } from './cycle-items';
import { CycleLiveNote } from './cycle-live-note';
import { CycleRenames } from './cycle-renames';
import { CycleScreen } from './cycle-screen';
import { rerunLink } from './project-cycles';
import './cycles.css';

/**
 * /cycles/{id}: a test cycle with its progress, facts and items (docs/product/cycles-screens.md,
 * "The cycle page"). Edit, Close or Reopen and bulk assign need edit_test_cycle; Re-run failed
 * add_test_cycle; Delete delete_test_cycle; Keep the history of a renamed test (an import's cycle)
 * delete_test_case. Compare opens the comparison screen with this cycle as To
 * (docs/product/reports-screens.md). Other people's results arrive live.
 */
export function CycleDetailPage({ moreContents }: { moreContents?: CycleContentsSlot } = {}) {
  return (
    <CycleScreen title="Test Cycle">
      {(cycle) => <CycleView cycle={cycle} moreContents={moreContents} />}
    </CycleScreen>
  );
}

/** More cards after the items, from other features (composed in app/routes). */
export type CycleContentsSlot = (cycle: Cycle, can: (permission: PermissionName) => boolean) => ReactNode;

function CycleView({ cycle, moreContents }: { cycle: Cycle; moreContents?: CycleContentsSlot | undefined }) {
  const project = useProject(cycle.project_id);
  const { can } = useProjectPermissions(cycle.project_id);
  const trail = useObjectTrail({ type: 'project', id: cycle.project_id });
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  const update = useUpdateCycle(cycle.id);
  const remove = useDeleteCycle();
  const [error, setError] = useState<{ message: string; cause: unknown } | null>(null);
  const open = cycle.state === 'open';
  const canEdit = can('edit_test_cycle');
  const stateButtonRef = useRef<HTMLButtonElement>(null);
  const closedNoteRef = useRef<HTMLParagraphElement>(null);
  // Set after a close or reopen, so focus goes to what it changed and not to the page
  // (docs/product/errors-and-keyboard.md, "Focus").
  const [focusAfter, setFocusAfter] = useState<'open' | 'closed' | null>(null);
  useEffect(() => {
    if (focusAfter === null || focusAfter !== cycle.state) return;
    setFocusAfter(null);
    (focusAfter === 'closed' ? closedNoteRef.current : stateButtonRef.current)?.focus();
  }, [focusAfter, cycle.state]);

  const setState = async (state: 'open' | 'closed') => {
    setError(null);
    const untested = cycle.counts.untested;
    if (state === 'closed' && untested > 0) {
      const text = `${untested.toLocaleString('en-US')} of ${cycle.counts.total.toLocaleString('en-US')} ${
        cycle.counts.total === 1 ? 'item is' : 'items are'
      } still untested. Close ${cycle.name} anyway?`;
      if (
        !(await confirm({
          title: 'Close this test cycle?',
          text,
          confirmLabel: 'Yes, Close',
          cancelLabel: 'No, Keep Open',
        }))
      ) {
        return;
      }
    }
    update.mutate(
      { state },
      {
        onSuccess: (answer) => {
          toast.show(answer.message);
          setFocusAfter(state);
        },
        onError: (cause) =>
          setError({
            message: state === 'closed' ? 'Failed to close Test Cycle' : 'Failed to reopen Test Cycle',
            cause,
          }),
      },
    );
  };

  const onDelete = async () => {
    setError(null);
    const text = `Do you really want to delete ${cycle.name}? Its results and the test runs they recorded are deleted too.`;
    if (!(await confirm({ text }))) return;
    remove.mutate(cycle.id, {
      onSuccess: async (answer) => {
        const state: NavigationToastState = { message: answer.message };
        await navigate(paths.projectDetail(cycle.project_id), { state });
        await queryClient.invalidateQueries({ queryKey: ['cycles'] });
      },
      onError: (cause) => setError({ message: 'Failed to delete Test Cycle', cause }),
    });
  };

  const actions = (
    <>
      {canEdit && open ? (
        <ButtonLink to={paths.cycleEdit(cycle.id)} variant="secondary">
          Edit
        </ButtonLink>
      ) : null}
      {canEdit ? (
        <Button
          ref={stateButtonRef}
          variant="secondary"
          busy={update.isPending}
          onClick={() => void setState(open ? 'closed' : 'open')}
        >
          {open ? 'Close cycle' : 'Reopen cycle'}
        </Button>
      ) : null}
      {can('add_test_cycle') && cycle.counts.failed + cycle.counts.blocked > 0 ? (
        <ButtonLink to={rerunLink(cycle)} variant="secondary">
          Re-run failed
        </ButtonLink>
      ) : null}
      <ButtonLink to={`${paths.cycleCompare(cycle.project_id)}?to=${cycle.id}`} variant="secondary">
        Compare
      </ButtonLink>
      {can('delete_test_cycle') ? (
        <Button variant="danger" busy={remove.isPending} onClick={onDelete}>
          Delete
        </Button>
      ) : null}
    </>
  );

  return (
    <Page
      title={cycle.name}
      documentTitle={cycle.name}
      breadcrumbs={[...trail.crumbs, { label: cycle.name, href: paths.cycleDetail(cycle.id) }]}
      subtitle={cycle.description || undefined}
      actions={actions}
      card={false}
    >
      <Card className="cycle-summary">
        <ErrorBox message={error?.message} error={error?.cause} />
        {!open ? (
          <p ref={closedNoteRef} className="cycle-closed-note" role="status" tabIndex={-1}>
            This test cycle is closed: its results and assignments cannot change until it is reopened.
          </p>
        ) : null}
        <CycleLiveNote cycle={cycle} />
        <CycleFacts cycle={cycle} />
        {open && can('execute_test_cycle') ? <StartTesting cycle={cycle} /> : null}
        <CycleProgress counts={cycle.counts} legend />
        <CycleDetails cycle={cycle} />
      </Card>
      {cycle.source === 'import' ? <CycleRenames cycle={cycle} canMerge={can('delete_test_case')} /> : null}
      <Card title="Items">
        <CycleItems cycle={cycle} members={project.data?.members ?? []} canAssign={canEdit && open} />
      </Card>
      {moreContents?.(cycle, can)}
    </Page>
  );
}

/**
 * 'Start testing', or 'Continue testing' once some items have a result: opens the execution view
 * on the first untested item, in item order (none left: no button).
 */
function StartTesting({ cycle }: { cycle: Cycle }) {
  const filters = { state: 'untested' as const };
  const next = useQuery({
    queryKey: queryKeys.cycleItems.page(cycle.id, { ...filters, limit: 1 }, 0),
    queryFn: () => getCycleItems(cycle.id, filters, 0, 1),
    enabled: cycle.counts.untested > 0,
  });
  const first = next.data?.items[0];
  if (cycle.counts.untested === 0 || !first) return null;
  const started = cycle.counts.untested < cycle.counts.total;
  return (
    <div className="cycle-start">
      <ButtonLink to={paths.cycleItem(first.id)} className="cycle-start-button">
        {started ? 'Continue testing' : 'Start testing'}
      </ButtonLink>
      <span className="cycle-start-note">
        {started
          ? `${cycle.counts.untested.toLocaleString('en-US')} untested left`
          : `${cycle.counts.total.toLocaleString('en-US')} ${cycle.counts.total === 1 ? 'case' : 'cases'} to run`}
      </span>
    </div>
  );
}

/**
 * Who made the cycle and when, the test plan that made it and its configurations
 * (docs/product/plans-screens.md), and for an import its CI facts.
 */
function CycleDetails({ cycle }: { cycle: Cycle }) {
  return (
    <dl className="cycle-details">
      {cycle.plan_id !== null ? (
        <div>
          <dt>Test plan</dt>
          <dd>
            <PlanLink planId={cycle.plan_id} />
          </dd>
        </div>
      ) : null}
      {cycle.configurations.length > 0 ? (
        <div>
          <dt>Configurations</dt>
          <dd>
            <CycleConfigurations configurations={cycle.configurations} />
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Created</dt>
        <dd>
          {formatDateTime(cycle.created_at)}
          {cycle.creator ? ` by ${cycle.creator.username}` : ''}
        </dd>
      </div>
      {cycle.closed_at && cycle.state === 'closed' ? (
        <div>
          <dt>Closed</dt>
          <dd>{formatDateTime(cycle.closed_at)}</dd>
        </div>
      ) : null}
      {cycle.branch ? (
        <div>
          <dt>Branch</dt>
          <dd>{cycle.branch}</dd>
        </div>
      ) : null}
      {cycle.commit ? (
        <div>
          <dt>Commit</dt>
          <dd>
            <code>{cycle.commit}</code>
          </dd>
        </div>
      ) : null}
      {cycle.build_number || cycle.build_url ? (
        <div>
          <dt>Build</dt>
          <dd>
            {cycle.build_url && /^https?:\/\//i.test(cycle.build_url) ? (
              <a href={cycle.build_url} rel="noreferrer noopener" target="_blank">
                {cycle.build_number ? `#${cycle.build_number}` : cycle.build_url}
              </a>
            ) : (
              `#${cycle.build_number}`
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The plan's name as a link; the cycle answer names only its id, so the plan is read for it. */
function PlanLink({ planId }: { planId: number }) {
  const plan = usePlan(planId);
  return (
    <Link to={paths.planDetail(planId)}>{plan.data?.name ?? (plan.isError ? 'Its test plan' : '…')}</Link>
  );
}
