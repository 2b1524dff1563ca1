import { PLAN_LIMITS } from '@verdict/contract';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField, SelectField, TextAreaField } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useConfigurationGroups } from '@/entities/configuration/configuration-groups';
import { milestoneOptions, useProjectMilestones } from '@/entities/milestone/milestone-api';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { useAuth } from '@/lib/auth';
import { fieldErrorsOf } from '@/lib/field-errors';
import { focusFirstProblem } from '@/lib/focus-heading';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCreatePlan } from '../api/plans';
import {
  blankEntry,
  createBodyOf,
  cyclesWord,
  type EntryValues,
  emptyEntryText,
  entryErrorsOf,
  type PlanFormValues,
  planCycleCount,
  tooManyCyclesText,
} from '../plan-entries';
import { PlanEntryFields } from './plan-entry-fields';
import './plans.css';

const TITLE = 'New test plan';

/**
 * /projects/{id}/plans/new: a plan's name, description and milestone, and its entries, each
 * making one test cycle per combination of the configurations it picks
 * (docs/product/plans-screens.md, "New test plan"). Needs add_test_cycle.
 */
export function PlanCreatePage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  if (!loading && project.data && !can('add_test_cycle')) {
    return (
      <Page title={TITLE} breadcrumbs={breadcrumbs}>
        <p>You need the add_test_cycle permission to create test plans in this project.</p>
      </Page>
    );
  }
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs}>
      <PlanCreateForm projectId={projectId} milestonesShown={can('home_milestone')} />
    </Page>
  );
}

interface ClientErrors {
  name?: string | undefined;
  entries: Map<number, string>;
}

function PlanCreateForm({ projectId, milestonesShown }: { projectId: number; milestonesShown: boolean }) {
  const navigate = useNavigate();
  const create = useCreatePlan(projectId);
  const groups = useConfigurationGroups(projectId);
  const milestones = useProjectMilestones(projectId, milestonesShown);
  const assignees = useAssigneeOptions(projectId);
  const [values, setValues] = useState<PlanFormValues>({ name: '', description: '', milestone_id: '' });
  const [entries, setEntries] = useState<EntryValues[]>(() => [blankEntry(1)]);
  const nextKey = useRef(2);
  const [checked, setChecked] = useState<ClientErrors | null>(null);
  // Each refused submit (here or by the server) moves focus to its first problem once drawn.
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0) focusFirstProblem(formRef.current);
  }, [attempt]);

  const serverErrors = fieldErrorsOf(create.error);
  const serverEntryErrors = entryErrorsOf(serverErrors);
  const total = groups.data ? planCycleCount(entries, groups.data) : entries.length;
  const tooMany = tooManyCyclesText(total);
  const placed = Object.keys(serverErrors).length > 0;

  const set = (field: keyof PlanFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'name') setChecked((current) => (current ? { ...current, name: undefined } : current));
  };
  const setEntry = (index: number, next: EntryValues) =>
    setEntries((current) => current.map((entry, i) => (i === index ? next : entry)));
  const addEntry = () => setEntries((current) => [...current, blankEntry(nextKey.current++)]);
  const removeEntry = (index: number) => setEntries((current) => current.filter((_, i) => i !== index));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const found: ClientErrors = { entries: new Map() };
    if (values.name.trim() === '') found.name = 'Test plan name is required';
    entries.forEach((entry, index) => {
      const text = emptyEntryText(entry, index);
      if (text) found.entries.set(index, text);
    });
    setChecked(found);
    if (found.name || found.entries.size > 0 || tooMany) {
      setAttempt((n) => n + 1);
      return;
    }
    create.mutate(createBodyOf(values, entries), {
      onSuccess: (answer) => {
        const state: NavigationToastState = { message: answer.message };
        void navigate(paths.planDetail(answer.plan.id), { state });
      },
      onError: () => setAttempt((n) => n + 1),
    });
  };

  // Over the bound is said as soon as it happens, in the server's words.
  const totalError = tooMany ?? serverErrors.entries ?? null;
  return (
    <form ref={formRef} className="form plan-form" onSubmit={submit} noValidate>
      <ErrorBox
        message={create.isError && !placed ? 'Failed to create test plan' : null}
        error={create.error}
      />
      <InputField
        label="Plan name"
        aria-required
        autoComplete="off"
        value={values.name}
        error={checked?.name ?? serverErrors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <TextAreaField
        label="Description"
        hint="Markdown"
        rows={3}
        value={values.description}
        error={serverErrors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      {milestonesShown ? (
        <SelectField
          label="Milestone"
          placeholderOption="None"
          options={milestoneOptions(milestones.data ?? [])}
          hint={
            milestones.isError
              ? 'The milestones could not be loaded.'
              : 'The plan and all its test cycles belong to it.'
          }
          value={values.milestone_id}
          error={serverErrors.milestone_id}
          onChange={(event) => set('milestone_id', event.target.value)}
        />
      ) : null}
      <h2 className="plan-entries-title">Entries</h2>
      <p className="form-hint">
        Each entry makes one test cycle per combination of its configurations: one from each group it picks
        from.
      </p>
      {entries.map((entry, index) => (
        <PlanEntryFields
          key={entry.key}
          index={index}
          entry={entry}
          projectId={projectId}
          groups={groups.data}
          groupsError={groups.error}
          onRetryGroups={() => void groups.refetch()}
          assignees={assignees}
          error={checked?.entries.get(index) ?? serverEntryErrors.get(index) ?? null}
          onChange={(next) => setEntry(index, next)}
          onRemove={entries.length > 1 ? () => removeEntry(index) : undefined}
        />
      ))}
      <div className="plan-entries-end">
        <Button variant="secondary" onClick={addEntry} disabled={entries.length >= PLAN_LIMITS.entriesMax}>
          Add entry
        </Button>
        {entries.length >= PLAN_LIMITS.entriesMax ? (
          <span className="plan-muted">A plan has at most {PLAN_LIMITS.entriesMax} entries.</span>
        ) : null}
      </div>
      <div className={totalError ? 'plan-total has-error' : 'plan-total'}>
        <p aria-live="polite">
          The plan makes <strong>{cyclesWord(total)}</strong>
          {entries.length > 1 ? ` from ${entries.length} entries` : ''}.
        </p>
        {totalError ? (
          <p className="form-error" role="alert">
            {totalError}
          </p>
        ) : null}
      </div>
      <FormActions>
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create test plan'}
        </Button>
        <ButtonLink to={paths.plans(projectId)} variant="secondary">
          Cancel
        </ButtonLink>
      </FormActions>
    </form>
  );
}

/** The project's members, and the caller when not one of them (an admin), as assignees. */
function useAssigneeOptions(projectId: number) {
  const project = useProject(projectId);
  const { user } = useAuth();
  return useMemo(() => {
    const members = project.data?.members ?? [];
    const options = members.map((member) => ({ value: String(member.id), label: member.username }));
    if (user && !members.some((member) => member.id === user.id)) {
      options.unshift({ value: String(user.id), label: `${user.name} (me)` });
    }
    return options;
  }, [project.data, user]);
}
