import type { CreateCycleBody, CycleItemState } from '@verdict/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { CasePicker } from '@/entities/cycle/case-picker';
import {
  type CaseSelection,
  EMPTY_SELECTION,
  isEmptySelection,
  selectionBody,
  selectionText,
} from '@/entities/cycle/case-selection';
import { useCreateCycle, useCycle } from '@/entities/cycle/cycle-api';
import { STATE_LABELS } from '@/entities/cycle/cycle-states';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { parseId, useIdParam } from '@/lib/route-params';
import {
  BLANK_CYCLE_FIELDS,
  CycleFields,
  cycleFieldsBody,
  milestoneValue,
  useCycleFields,
} from './cycle-fields';
import './cycles.css';

type Scope = 'chosen' | 'all';

/** The states a re-run may take from the earlier cycle; failed, blocked and retest are ticked at first. */
const RERUN_STATES: readonly CycleItemState[] = [
  'failed',
  'blocked',
  'retest',
  'skipped',
  'untested',
  'passed',
];
const RERUN_DEFAULT: ReadonlySet<CycleItemState> = new Set(['failed', 'blocked', 'retest']);

/**
 * /projects/{id}/new-cycle: a cycle's name, description, milestone and environment, and its cases:
 * suites and cases chosen in a checkbox tree, or all the project's cases. With `?from={cycle id}`
 * it is "Re-run failed": the cases of that cycle whose items are in the ticked states
 * (docs/product/cycles-screens.md, "New Test Cycle").
 */
export function CycleCreatePage() {
  const projectId = useIdParam();
  const [params] = useSearchParams();
  const fromId = parseId(params.get('from') ?? undefined);
  const from = useCycle(fromId);
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const title = fromId === null ? 'New Test Cycle' : 'Re-run Test Cycle';
  const breadcrumbs = useScreenTrail({ type: 'project', id: projectId }, title);

  if (projectId === null) {
    return (
      <Page title={title}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  if (!loading && project.data && !can('add_test_cycle')) {
    return (
      <Page title={title} breadcrumbs={breadcrumbs}>
        <p>You need the add_test_cycle permission to create test cycles in this project.</p>
      </Page>
    );
  }
  return (
    <Page title={title} subtitle={project.data?.name} breadcrumbs={breadcrumbs} narrow>
      <CycleCreateForm
        projectId={projectId}
        rerunOf={fromId === null ? null : { id: fromId, cycle: from.data, error: from.error }}
        initialName={from.data ? `Re-run: ${from.data.name}` : ''}
        milestonesShown={can('home_milestone')}
        key={from.data ? 'rerun' : 'new'}
      />
    </Page>
  );
}

interface RerunSource {
  id: number;
  cycle: ReturnType<typeof useCycle>['data'];
  error: unknown;
}

function CycleCreateForm({
  projectId,
  rerunOf,
  initialName,
  milestonesShown,
}: {
  projectId: number;
  rerunOf: RerunSource | null;
  initialName: string;
  milestonesShown: boolean;
}) {
  const navigate = useNavigate();
  const create = useCreateCycle(projectId);
  const fields = useCycleFields({
    ...BLANK_CYCLE_FIELDS,
    name: initialName,
    milestone_id: milestoneValue(rerunOf?.cycle?.milestone_id),
    environment: rerunOf?.cycle?.environment ?? '',
  });
  const [scope, setScope] = useState<Scope>('chosen');
  const [selection, setSelection] = useState<CaseSelection>(EMPTY_SELECTION);
  const [states, setStates] = useState<ReadonlySet<CycleItemState>>(RERUN_DEFAULT);
  const [casesError, setCasesError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const casesRef = useRef<HTMLFieldSetElement>(null);
  const casesErrorId = useId();
  const scopeName = useId();

  const serverErrors = fieldErrorsOf(create.error);
  // The server's words about the selection belong at the cases, not in the box above the form.
  const selectionRefusal = selectionMessage(create.error);

  const body = (): CreateCycleBody | null => {
    const base = cycleFieldsBody(fields.values);
    if (rerunOf) {
      if (states.size === 0) return null;
      return { ...base, from_cycle_id: rerunOf.id, from_states: RERUN_STATES.filter((s) => states.has(s)) };
    }
    if (scope === 'all') return { ...base, all_cases: true };
    if (isEmptySelection(selection)) return null;
    return { ...base, ...selectionBody(selection) };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!fields.check()) {
      nameRef.current?.focus();
      return;
    }
    const next = body();
    if (!next) {
      setCasesError(rerunOf ? 'Tick at least one state' : 'Choose at least one suite or case, or all cases');
      casesRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setCasesError(null);
    create.mutate(next, {
      onSuccess: (answer) => {
        const state: NavigationToastState = { message: answer.message };
        void navigate(paths.cycleDetail(answer.cycle.id), { state });
      },
    });
  };

  const shownCasesError = casesError ?? selectionRefusal;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <ErrorBox
        message={create.isError && !selectionRefusal ? 'Failed to create Test Cycle' : null}
        error={create.error}
      />
      <CycleFields
        fields={fields}
        serverErrors={serverErrors}
        nameRef={nameRef}
        projectId={projectId}
        milestonesShown={milestonesShown}
        startingMilestone={rerunOf?.cycle?.milestone}
      />
      <fieldset
        ref={casesRef}
        className={shownCasesError ? 'cycle-cases has-error' : 'cycle-cases'}
        aria-describedby={shownCasesError ? casesErrorId : undefined}
      >
        <legend className="form-label">Cases</legend>
        {rerunOf ? (
          <RerunStates source={rerunOf} states={states} onChange={setStates} />
        ) : (
          <>
            <div className="cycle-scope">
              <label>
                <input
                  type="radio"
                  name={scopeName}
                  checked={scope === 'chosen'}
                  onChange={() => setScope('chosen')}
                />{' '}
                Choose suites and cases
              </label>
              <label>
                <input
                  type="radio"
                  name={scopeName}
                  checked={scope === 'all'}
                  onChange={() => setScope('all')}
                />{' '}
                All cases of the project
              </label>
            </div>
            {scope === 'chosen' ? (
              <>
                <p className="form-hint" aria-live="polite">
                  {selectionText(selection)}. A suite brings all its cases; a case brings its child cases.
                </p>
                <CasePicker projectId={projectId} selection={selection} onChange={setSelection} />
              </>
            ) : null}
          </>
        )}
        {shownCasesError ? (
          <p className="form-error" id={casesErrorId}>
            {shownCasesError}
          </p>
        ) : null}
      </fieldset>
      <FormActions>
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Test Cycle'}
        </Button>
        <ButtonLink
          to={rerunOf ? paths.cycleDetail(rerunOf.id) : paths.projectDetail(projectId)}
          variant="secondary"
        >
          Cancel
        </ButtonLink>
      </FormActions>
    </form>
  );
}

/** The server's refusal of the selection, when that is what it refused. */
function selectionMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const refusedSelection = error.code === 'selection_empty' || error.code === 'nothing_selected';
  return refusedSelection ? (error.serverMessage ?? null) : null;
}

function RerunStates({
  source,
  states,
  onChange,
}: {
  source: RerunSource;
  states: ReadonlySet<CycleItemState>;
  onChange: (next: ReadonlySet<CycleItemState>) => void;
}) {
  if (source.error) return <p className="form-error">The earlier test cycle could not be loaded.</p>;
  const counts = source.cycle?.counts;
  const chosen = counts ? [...states].reduce((sum, state) => sum + counts[state], 0) : null;
  return (
    <>
      <p className="form-hint">
        The cases of <strong>{source.cycle?.name ?? '…'}</strong> whose items are:
      </p>
      <div className="cycle-scope">
        {RERUN_STATES.map((state) => (
          <label key={state}>
            <input
              type="checkbox"
              checked={states.has(state)}
              onChange={() => {
                const next = new Set(states);
                if (next.has(state)) next.delete(state);
                else next.add(state);
                onChange(next);
              }}
            />{' '}
            {STATE_LABELS[state]}
            {counts ? ` (${formatCount(counts[state])})` : ''}
          </label>
        ))}
      </div>
      {chosen !== null ? (
        <p className="form-hint" aria-live="polite">
          {formatCount(chosen)} {chosen === 1 ? 'case' : 'cases'} to run again.
        </p>
      ) : null}
    </>
  );
}
