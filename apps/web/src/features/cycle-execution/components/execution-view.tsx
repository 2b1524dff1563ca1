import { useQueryClient } from '@tanstack/react-query';
import {
  type CycleItemDetail,
  type CycleItemState,
  type CycleResult,
  type CycleResultState,
  LIMITS,
  type PermissionName,
  RESULT_UNDO_SECONDS,
  type RecordResultBody,
  substituteParameters,
} from '@verdict/contract';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, TextAreaField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Markdown } from '@/components/ui/markdown';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { refreshAttachments, uploadFiles } from '@/entities/attachment/attachments';
import { PendingFiles } from '@/entities/attachment/pending-files';
import { CaseStepList, shownSteps } from '@/entities/case/case-steps';
import { useExpandedCase } from '@/entities/case/get-case';
import { ParameterRowLabel } from '@/entities/case/parameter-row';
import { getCycleItems, useRecordResult, useUndoResult } from '@/entities/cycle/cycle-api';
import { CycleProgress, CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { STATE_LABELS } from '@/entities/cycle/cycle-states';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useCaseHistory } from '@/entities/result/result-history';
import { ResultStrip } from '@/entities/result/result-strip';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { focusPageHeading } from '@/lib/focus-heading';
import { formatElapsed } from '@/lib/format-duration';
import { paths } from '@/lib/paths';
import { useItemsAround } from '../api/items-around';
import { NEXT_PAGE_SIZE, nextUntestedItem } from '../next-item';
import { type ExecutionAction, NEXT_KEY, PREVIOUS_KEYS, RESULT_KEYS } from '../result-keys';
import { EMPTY_STEP, type StepEntry, stepResultsBody } from '../step-results';
import { type ExecutionSession, useUndoOpen } from './execution-session';
import { ItemList } from './item-list';
import { ItemResults } from './item-results';
import { LastResult } from './last-result';
import { RowValues, stepsForRow } from './row-values';
import { StepResultInput } from './step-result-input';
import { useElapsed } from './use-elapsed';
import { useExecutionKeys } from './use-execution-keys';
import './execution.css';

/**
 * What other features add to the view, composed in app/routes: more cards after the results
 * (`can` answers the caller's permissions in the project), and more under each result.
 */
export interface ExecutionSlots {
  moreContents?: (detail: CycleItemDetail, can: (permission: PermissionName) => boolean) => ReactNode;
  resultExtras?: ((result: CycleResult) => ReactNode) | undefined;
  /** Links a defect to a result just recorded; the form's Defect field shows only with it. */
  linkDefect?: ((itemId: number, resultId: number, defect: string) => Promise<unknown>) | undefined;
}

const NONE_LEFT = 'No untested items left in this cycle.';
const NONE_OTHER = 'No other untested items left in this cycle.';

const BUTTON_VARIANTS = {
  passed: 'success',
  failed: 'danger',
  blocked: 'secondary',
  skipped: 'secondary',
  retest: 'secondary',
} as const;

/**
 * One item of a cycle to execute (docs/product/cycle-execution.md): the case, the item's state,
 * the cycle's progress and items, the result buttons with their keys, a comment, files, a defect,
 * a timer, and the results recorded so far. After a result it moves on to the next untested item;
 * the result just recorded can be undone for a few seconds.
 */
export function ExecutionView({
  detail,
  session,
  slots = {},
}: {
  detail: CycleItemDetail;
  session: ExecutionSession;
  slots?: ExecutionSlots;
}) {
  const { item, cycle, results } = detail;
  const project = useProject(cycle.project_id);
  const permissions = useProjectPermissions(cycle.project_id);
  const { user } = useAuth();
  const record = useRecordResult();
  const undo = useUndoResult();
  const around = useItemsAround(cycle.id, item.id);
  const previous = around.data?.before.at(-1) ?? null;
  const undoOpen = useUndoOpen(session.last, RESULT_UNDO_SECONDS);
  const [undoError, setUndoError] = useState<unknown>(null);
  const [defect, setDefect] = useState('');
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const timer = useElapsed();
  const [comment, setComment] = useState('');
  // The case's preconditions and steps: the item carries only its name and description. Its shared
  // steps come expanded, so the step results count them as the server does.
  const testCase = useExpandedCase(item.test_case.id);
  // An item of a parameterized case reads its case with its data row's values in place.
  const row = item.parameter_row;
  const steps = stepsForRow(shownSteps(testCase.data?.steps ?? []), row);
  const preconditions = substituteParameters(testCase.data?.preconditions ?? '', row?.values);
  const [stepEntries, setStepEntries] = useState<StepEntry[]>([]);
  // Files for the result being recorded: sent once it exists (docs/product/rich-cases-screens.md).
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState<{ sent: number; total: number } | null>(null);
  const [recordError, setRecordError] = useState<unknown>(null);
  const [nextError, setNextError] = useState<unknown>(null);
  const [finding, setFinding] = useState(false);
  // What the view says once no untested item is left; N on an untested item leaves that one out.
  const [noneLeft, setNoneLeft] = useState<string | null>(null);
  // Two key presses can land before the busy buttons render; this stops the second at once.
  const working = useRef(false);

  const closed = cycle.state === 'closed';
  const mayRecord = !closed && permissions.can('execute_test_cycle');
  const busy = record.isPending || finding || uploading !== null || undo.isPending;
  const mayUndo = undoOpen && mayRecord && session.last !== null && cycle.source !== 'import';

  /** Opens the next untested item, or says none is left; `working` is already set. */
  const moveOn = async (skipping: boolean) => {
    setFinding(true);
    setNextError(null);
    try {
      const readPage = (assigneeId: number | undefined, afterId: number | undefined, state: CycleItemState) =>
        getCycleItems(cycle.id, { state, assignee_id: assigneeId, after_id: afterId }, 0, NEXT_PAGE_SIZE);
      const next = await nextUntestedItem(readPage, item.id, user?.id ?? null);
      if (next) {
        // The route changes, so focus goes to the next item's heading (app/focus-on-navigation.ts).
        await navigate(paths.cycleItem(next.id));
        return;
      }
      setNoneLeft(skipping ? NONE_OTHER : NONE_LEFT);
    } catch (error) {
      setNextError(error);
    } finally {
      working.current = false;
      setFinding(false);
    }
  };

  const recordResult = async (state: CycleResultState) => {
    if (working.current) return;
    working.current = true;
    setRecordError(null);
    setNoneLeft(null);
    const body: RecordResultBody = { state, elapsed_ms: timer.read() };
    const text = comment.trim();
    if (text) body.comment = text;
    const stepResults = stepResultsBody(stepEntries, steps.length);
    if (stepResults) body.step_results = stepResults;
    let answer: Awaited<ReturnType<typeof record.mutateAsync>>;
    try {
      answer = await record.mutateAsync({ itemId: item.id, body });
    } catch (error) {
      // The comment stays, so it can be sent again.
      working.current = false;
      setRecordError(error);
      return;
    }
    toast.show(answer.message || 'Result recorded');
    session.setLast({
      result: answer.result,
      itemId: item.id,
      caseName: row ? `${item.test_case.name} (row ${row.index})` : item.test_case.name,
      at: Date.now(),
    });
    setUndoError(null);
    setComment('');
    setStepEntries([]);
    timer.restart();
    const defectText = defect.trim();
    setDefect('');
    if (files.length > 0) {
      setUploading({ sent: 0, total: files.reduce((n, f) => n + f.size, 0) });
      try {
        const owner = { kind: 'result', id: answer.result.id } as const;
        await uploadFiles(owner, files, (sent, total) => setUploading({ sent, total }));
        setFiles([]);
        // The result's list of files may have been read, or be on its way, from before they arrived.
        await refreshAttachments(queryClient, owner);
      } catch (error) {
        // The result stands; its files can be added on it below. Stay, so the message is read.
        setFiles([]);
        setRecordError(
          new Error(
            `The result was recorded, but its files were not attached: ${errorText(error, 'the upload failed')}`,
          ),
        );
        working.current = false;
        return;
      } finally {
        setUploading(null);
      }
    }
    if (defectText && slots.linkDefect) {
      try {
        await slots.linkDefect(item.id, answer.result.id, defectText);
      } catch (error) {
        // The result stands; the defect can be linked under the item's defects below. Stay.
        setRecordError(
          new Error(
            `The result was recorded, but the defect was not linked: ${errorText(error, 'linking failed')}`,
          ),
        );
        working.current = false;
        return;
      }
    }
    await moveOn(false);
  };

  /** Undoes the last result and opens its item again, so it can be recorded anew. */
  const undoLast = async () => {
    const last = session.last;
    if (!last || working.current) return;
    working.current = true;
    setUndoError(null);
    try {
      const answer = await undo.mutateAsync({ resultId: last.result.id, runs: last.result.run_id !== null });
      session.setLast(null);
      toast.show(answer.message || 'Result undone');
      if (last.itemId !== item.id) await navigate(paths.cycleItem(last.itemId));
    } catch (error) {
      setUndoError(error);
    } finally {
      working.current = false;
    }
  };

  const goToPrevious = () => {
    if (!previous || working.current) return;
    void navigate(paths.cycleItem(previous.id));
  };

  const goToNext = () => {
    if (working.current) return;
    working.current = true;
    void moveOn(item.state === 'untested');
  };

  useExecutionKeys((action: ExecutionAction) => {
    if (busy || working.current) return false;
    if (action.kind === 'next') {
      goToNext();
      return true;
    }
    if (action.kind === 'previous') {
      if (!previous) return false;
      goToPrevious();
      return true;
    }
    if (action.kind === 'undo') {
      if (!mayUndo) return false;
      void undoLast();
      return true;
    }
    if (!mayRecord) return false;
    void recordResult(action.state);
    return true;
  });

  const crumbs = [
    { label: project.data?.name, href: paths.projectDetail(cycle.project_id) },
    { label: cycle.name, href: paths.cycleDetail(cycle.id) },
    { label: item.test_case.name, href: paths.cycleItem(item.id) },
  ];

  return (
    <Page
      title={item.test_case.name}
      subtitle={row ? <ParameterRowLabel row={row} /> : undefined}
      breadcrumbs={crumbs}
      card={false}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={goToPrevious}
            disabled={!previous}
            aria-keyshortcuts={PREVIOUS_KEYS}
          >
            Previous{' '}
            <span className="execution-key" aria-hidden="true">
              ⇧{NEXT_KEY}
            </span>
          </Button>
          <Button variant="secondary" onClick={goToNext} busy={finding} aria-keyshortcuts={NEXT_KEY}>
            Next untested{' '}
            <span className="execution-key" aria-hidden="true">
              {NEXT_KEY}
            </span>
          </Button>
        </>
      }
    >
      {noneLeft ? (
        <div className="execution-done" role="status">
          <p>{noneLeft}</p>
          <Link to={paths.cycleDetail(cycle.id)}>Back to {cycle.name}</Link>
        </div>
      ) : null}
      <ErrorBox message={nextError ? 'Could not find the next untested item' : null} error={nextError} />
      {session.last ? (
        <LastResult
          last={session.last}
          undoOpen={mayUndo}
          undoing={undo.isPending}
          error={undoError}
          onUndo={() => void undoLast()}
          mayAttach={mayRecord}
        />
      ) : null}
      <ItemList
        item={item}
        cycleId={cycle.id}
        around={around}
        open={session.listOpen}
        onToggle={session.setListOpen}
      />
      <Card className="execution-summary">
        <dl className="execution-facts">
          <div>
            <dt>State</dt>
            <dd>
              <CycleStateBadge state={item.state} />
            </dd>
          </div>
          <div>
            <dt>Assignee</dt>
            <dd>{item.assignee?.username ?? 'Unassigned'}</dd>
          </div>
          <div>
            <dt>Time on this item</dt>
            <dd>
              <span role="timer" className="execution-timer">
                {formatElapsed(timer.elapsedMs)}
              </span>
            </dd>
          </div>
        </dl>
        <section className="execution-progress" aria-label="Cycle progress">
          <h2 className="execution-subheading">Cycle progress</h2>
          <CycleProgress counts={cycle.counts} />
        </section>
        <RecentResults caseId={item.test_case.id} />
      </Card>
      <Card title="Description">
        {item.test_case.description ? (
          <p className="execution-description">{item.test_case.description}</p>
        ) : (
          <p className="muted">No description.</p>
        )}
      </Card>
      <Card title="Preconditions and steps" className="execution-steps">
        {testCase.isError ? (
          <LoadFailed
            what="the case's steps"
            error={testCase.error}
            onRetry={() => void testCase.refetch()}
          />
        ) : !testCase.data ? (
          <Loading text="Loading steps..." />
        ) : (
          <>
            {row ? <RowValues row={row} /> : null}
            <h3 className="execution-subheading">Preconditions</h3>
            {preconditions ? <Markdown text={preconditions} /> : <p className="muted">No preconditions.</p>}
            <h3 className="execution-subheading">Steps</h3>
            <CaseStepList
              steps={steps}
              after={
                mayRecord
                  ? (index) => (
                      <StepResultInput
                        number={index + 1}
                        entry={stepEntries[index] ?? EMPTY_STEP}
                        disabled={busy}
                        onChange={(entry) => {
                          const next = steps.map((_, i) => stepEntries[i] ?? EMPTY_STEP);
                          next[index] = entry;
                          setStepEntries(next);
                        }}
                      />
                    )
                  : undefined
              }
            />
          </>
        )}
      </Card>
      <Card title="Record a result">
        {closed ? (
          <p className="execution-notice">
            This test cycle is closed; reopen it first.{' '}
            <Link to={paths.cycleDetail(cycle.id)}>Open the cycle</Link>
          </p>
        ) : permissions.loading ? (
          <Loading text="Loading permissions..." />
        ) : !mayRecord ? (
          <p className="execution-notice">You may see this cycle but not record its results.</p>
        ) : (
          <div className="execution-record">
            <ErrorBox message={recordError ? 'Failed to record the result' : null} error={recordError} />
            <div className="execution-buttons">
              {RESULT_KEYS.map(({ state, key }) => (
                <Button
                  key={state}
                  variant={BUTTON_VARIANTS[state]}
                  busy={busy}
                  aria-keyshortcuts={key}
                  onClick={() => void recordResult(state)}
                >
                  {STATE_LABELS[state]}{' '}
                  <span className="execution-key" aria-hidden="true">
                    {key}
                  </span>
                </Button>
              ))}
            </div>
            <TextAreaField
              label="Comment"
              value={comment}
              maxLength={LIMITS.descriptionMax}
              onChange={(event) => setComment(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                event.preventDefault();
                focusPageHeading();
              }}
              hint="Optional; sent with the result. Escape leaves the box, so the keys work again."
            />
            <PendingFiles
              files={files}
              onChange={setFiles}
              progress={uploading}
              disabled={busy}
              pasteAnywhere
            />
            {slots.linkDefect ? (
              <InputField
                label="Defect"
                value={defect}
                maxLength={LIMITS.nameMax}
                onChange={(event) => setDefect(event.target.value)}
                hint="Optional; an id of the project's tracker (PROJ-12, #12) or an address, linked to the result."
              />
            ) : null}
            <p className="form-hint">
              Fill in the comment, files and defect first: they go with the result. Keys, when focus is not in
              a text field: P passed, F failed, B blocked, S skipped, R retest, N next untested, U undo.
            </p>
          </div>
        )}
      </Card>
      <Card title={`Results (${results.length})`}>
        <ItemResults
          results={results}
          caseVersion={testCase.data?.version ?? null}
          mayAttach={mayRecord}
          resultExtras={slots.resultExtras}
        />
      </Card>
      {slots.moreContents?.(detail, permissions.can)}
      {/* On a phone the result buttons stay at the bottom of the screen: room for them after the last card. */}
      {mayRecord ? <div className="execution-bar-spacer" aria-hidden="true" /> : null}
    </Page>
  );
}

/**
 * The case's last results across cycles, as the case page shows them (docs/product/flaky-tests.md):
 * shown once there are some; nothing while they load or when the caller may not read them.
 */
function RecentResults({ caseId }: { caseId: number }) {
  const history = useCaseHistory(caseId);
  if (!history.data || history.data.items.length === 0) return null;
  return (
    <section className="execution-progress" aria-label="Recent results of this case">
      <h2 className="execution-subheading">Recent results of this case</h2>
      <ResultStrip items={history.data.items} quarantine={history.data.quarantine} />
    </section>
  );
}
