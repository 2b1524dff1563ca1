import {
  type BulkActionName,
  type BulkBody,
  type BulkSelection,
  CASE_PRIORITIES,
  type CaseField,
  type CasePriority,
} from '@verdict/contract';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/loading';
import { PRIORITY_LABELS } from '@/lib/case-priority';
import { useProjectCycles } from '@/lib/cycle-api';
import { useProjectSuites } from '@/lib/project-suites';
import { useBulkAction, useBulkPreview, useFields, useParentChoices } from '../api/bulk-api';
import {
  ACTIONS,
  alongText,
  casesText,
  deleteQuestion,
  fieldValueBody,
  parseTags,
  problemLines,
} from '../bulk-text';
import { BulkDialog } from './bulk-dialog';

export interface ActionDialogProps {
  action: BulkActionName;
  projectId: number;
  selection: BulkSelection;
  count: number;
  /** `count` is a lower bound (every match of a search of more than 1,000 cases). */
  atLeast?: boolean;
  /** The person sees the project's suites (home_test_suit): Move and Copy offer them. */
  suitesShown: boolean;
  /** Done: the server's message. */
  onDone: (message: string) => void;
  onClose: () => void;
}

/** What each action's fields add to the body; null while something must still be chosen. */
type BodyPart = Omit<BulkBody, 'selection' | 'action'> | null;

/**
 * One bulk action's dialog (docs/product/bulk-actions-screens.md): its choices, a confirm button,
 * and what the server refused, at the top of the form, until the person changes it or cancels.
 */
export function ActionDialog({
  action,
  projectId,
  selection,
  count,
  atLeast = false,
  suitesShown,
  onDone,
  onClose,
}: ActionDialogProps) {
  const meta = ACTIONS.find((a) => a.name === action) ?? (ACTIONS[0] as (typeof ACTIONS)[number]);
  const run = useBulkAction(projectId);
  const reset = useRef(run.reset);
  reset.current = run.reset;
  const [part, setPart] = useState<BodyPart>(action === 'delete' ? {} : null);
  const [missing, setMissing] = useState<string | null>(null);
  const needsPreview = action === 'delete' || action === 'move' || action === 'copy';
  const preview = useBulkPreview(projectId, selection, needsPreview);
  const problemId = useId();
  const busy = run.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (part === null) {
      setMissing(MISSING[action]);
      return;
    }
    setMissing(null);
    try {
      const answer = await run.mutateAsync({ selection, action, ...part });
      onDone(answer.message);
    } catch {
      // Shown from run.error.
    }
  };

  const problems = missing ? [missing] : run.error ? problemLines(run.error) : [];
  // Stable, as the fields report their part from effects.
  const change = useCallback((next: BodyPart) => {
    setPart(next);
    setMissing(null);
    reset.current();
  }, []);
  const waiting = action === 'delete' && !preview.data;

  return (
    <BulkDialog title={meta.title(casesText(count, 'case', atLeast))} onClose={onClose} busy={busy}>
      <form
        className="bulk-form"
        onSubmit={submit}
        noValidate
        aria-describedby={problems.length > 0 ? problemId : undefined}
      >
        {problems.length > 0 ? (
          <div className="error-box bulk-problems" role="alert" id={problemId}>
            {problems.length === 1 ? (
              <p>{problems[0]}</p>
            ) : (
              <ul>
                {problems.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
        <ActionFields action={action} projectId={projectId} suitesShown={suitesShown} onChange={change} />
        {needsPreview ? <PreviewLine action={action} preview={preview} /> : null}
        <div className="bulk-form-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={action === 'delete' ? 'danger' : 'primary'}
            busy={busy}
            disabled={waiting || preview.isError}
          >
            {busy ? 'Working…' : meta.confirm}
          </Button>
        </div>
      </form>
    </BulkDialog>
  );
}

/** The line that says what is still to choose, when the confirm button is pressed too early. */
const MISSING: Record<BulkActionName, string> = {
  move: 'Choose where the cases go.',
  copy: 'Choose where the copies go.',
  set_priority: 'Choose a priority.',
  tags: 'Name at least one tag to add or remove.',
  set_field: 'Choose a field.',
  add_to_cycle: 'Choose a test cycle.',
  delete: '',
};

function PreviewLine({
  action,
  preview,
}: {
  action: BulkActionName;
  preview: ReturnType<typeof useBulkPreview>;
}) {
  if (preview.isError) {
    return (
      <div className="error-box" role="alert">
        <p>⚠️ Could not count the cases.</p>
        <p className="error-box-detail">{problemLines(preview.error).join(' ')}</p>
        <Button size="sm" variant="secondary" onClick={() => void preview.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!preview.data) return <Loading text="Counting the cases..." />;
  if (action === 'delete') return <p className="bulk-question">{deleteQuestion(preview.data)}</p>;
  const along = alongText(preview.data);
  return along ? <p className="bulk-hint">{along}</p> : null;
}

interface FieldsProps {
  action: BulkActionName;
  projectId: number;
  suitesShown: boolean;
  onChange: (part: BodyPart) => void;
}

function ActionFields({ action, projectId, suitesShown, onChange }: FieldsProps): ReactNode {
  switch (action) {
    case 'move':
    case 'copy':
      return <TargetFields projectId={projectId} suitesShown={suitesShown} onChange={onChange} />;
    case 'set_priority':
      return <PriorityFields onChange={onChange} />;
    case 'tags':
      return <TagFields onChange={onChange} />;
    case 'set_field':
      return <FieldFields projectId={projectId} onChange={onChange} />;
    case 'add_to_cycle':
      return <CycleFields projectId={projectId} onChange={onChange} />;
    default:
      return null;
  }
}

/** The suite choice for the project itself, in no suite. */
const NO_SUITE = 'none';

/** Move or Copy: into a suite (or the project itself), or under a case found by searching. */
function TargetFields({
  projectId,
  suitesShown,
  onChange,
}: {
  projectId: number;
  suitesShown: boolean;
  onChange: (part: BodyPart) => void;
}) {
  const [kind, setKind] = useState<'suite' | 'case'>('suite');
  const [suite, setSuite] = useState('');
  const [parent, setParent] = useState<number | null>(null);
  const suites = useProjectSuites(projectId, suitesShown);
  const name = useId();

  useEffect(() => {
    if (kind === 'suite')
      onChange(suite === '' ? null : { suite_id: suite === NO_SUITE ? null : Number(suite) });
    else onChange(parent === null ? null : { parent_id: parent });
  }, [kind, suite, parent, onChange]);

  return (
    <fieldset className="bulk-fieldset">
      <legend className="form-label">Where to</legend>
      <div className="checkbox-field">
        <input
          type="radio"
          id={`${name}-suite`}
          name={name}
          checked={kind === 'suite'}
          onChange={() => setKind('suite')}
        />
        <label htmlFor={`${name}-suite`}>Into a suite</label>
      </div>
      {kind === 'suite' ? (
        <SelectField
          label="Suite"
          value={suite}
          onChange={(event) => setSuite(event.target.value)}
          placeholderOption="-- Choose --"
          options={[
            { value: NO_SUITE, label: 'No suite (project)' },
            ...(suites.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          hint={suites.isError ? 'The suites could not be loaded.' : undefined}
        />
      ) : null}
      <div className="checkbox-field">
        <input
          type="radio"
          id={`${name}-case`}
          name={name}
          checked={kind === 'case'}
          onChange={() => setKind('case')}
        />
        <label htmlFor={`${name}-case`}>Under a case</label>
      </div>
      {kind === 'case' ? <ParentPicker projectId={projectId} parent={parent} onPick={setParent} /> : null}
    </fieldset>
  );
}

/** A search box for the parent case and the first matches as radio buttons. */
function ParentPicker({
  projectId,
  parent,
  onPick,
}: {
  projectId: number;
  parent: number | null;
  onPick: (id: number) => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const name = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const choices = useParentChoices(projectId, query);
  return (
    <div className="bulk-parent">
      <InputField
        label="Find the parent case"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint="Words of its name, or the search language (tag:smoke)."
        autoComplete="off"
      />
      {query === '' ? null : choices.isError ? (
        <p className="form-error">{problemLines(choices.error).join(' ')}</p>
      ) : !choices.data ? (
        <Loading text="Searching..." />
      ) : choices.data.items.length === 0 ? (
        <p className="bulk-hint" role="status">
          No cases match.
        </p>
      ) : (
        <fieldset className="bulk-choices">
          <legend className="visually-hidden">Parent case</legend>
          {choices.data.items.map((hit) => {
            const above = [...(hit.suite_name === null ? [] : [hit.suite_name]), ...hit.ancestors];
            return (
              <div key={hit.id} className="checkbox-field">
                <input
                  type="radio"
                  id={`${name}-${hit.id}`}
                  name={name}
                  checked={parent === hit.id}
                  onChange={() => onPick(hit.id)}
                />
                <label htmlFor={`${name}-${hit.id}`}>
                  {above.length > 0 ? <span className="muted">{`${above.join(' › ')} ›`}</span> : null}
                  {above.length > 0 ? ` ${hit.name}` : hit.name}
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}

function PriorityFields({ onChange }: { onChange: (part: BodyPart) => void }) {
  const [priority, setPriority] = useState('');
  return (
    <SelectField
      label="Priority"
      value={priority}
      placeholderOption="-- Choose --"
      options={CASE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
      onChange={(event) => {
        setPriority(event.target.value);
        onChange(event.target.value === '' ? null : { priority: event.target.value as CasePriority });
      }}
    />
  );
}

function TagFields({ onChange }: { onChange: (part: BodyPart) => void }) {
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const update = (nextAdd: string, nextRemove: string) => {
    setAdd(nextAdd);
    setRemove(nextRemove);
    const addTags = parseTags(nextAdd);
    const removeTags = parseTags(nextRemove);
    if (addTags.length === 0 && removeTags.length === 0) onChange(null);
    else
      onChange({
        ...(addTags.length > 0 ? { add_tags: addTags } : {}),
        ...(removeTags.length > 0 ? { remove_tags: removeTags } : {}),
      });
  };
  return (
    <>
      <InputField
        label="Add tags"
        value={add}
        autoComplete="off"
        hint="Separate tags with commas."
        onChange={(event) => update(event.target.value, remove)}
      />
      <InputField
        label="Remove tags"
        value={remove}
        autoComplete="off"
        hint="Separate tags with commas."
        onChange={(event) => update(add, event.target.value)}
      />
    </>
  );
}

function FieldFields({ projectId, onChange }: { projectId: number; onChange: (part: BodyPart) => void }) {
  const fields = useFields(projectId, true);
  const [fieldId, setFieldId] = useState('');
  const [value, setValue] = useState<string | string[]>('');
  const field = fields.data?.find((f) => String(f.id) === fieldId);
  const update = (next: CaseField | undefined, nextValue: string | string[]) => {
    setValue(nextValue);
    onChange(next ? { field_id: next.id, value: fieldValueBody(next, nextValue) } : null);
  };
  if (fields.isError) return <p className="form-error">{problemLines(fields.error).join(' ')}</p>;
  if (!fields.data) return <Loading text="Loading fields..." />;
  if (fields.data.length === 0) return <p className="bulk-hint">This project has no custom fields.</p>;
  return (
    <>
      <SelectField
        label="Field"
        value={fieldId}
        placeholderOption="-- Choose --"
        options={fields.data.map((f) => ({ value: String(f.id), label: f.name }))}
        onChange={(event) => {
          setFieldId(event.target.value);
          const next = fields.data?.find((f) => String(f.id) === event.target.value);
          update(next, next?.type === 'multiselect' ? [] : '');
        }}
      />
      {field ? (
        <FieldValueInput field={field} value={value} onChange={(next) => update(field, next)} />
      ) : null}
    </>
  );
}

const INPUT_TYPES = { text: 'text', number: 'number', url: 'url', date: 'date' } as const;
const CLEARS = 'Leave it empty to clear the field.';

/** The value control of a field's type; empty clears the field. */
function FieldValueInput({
  field,
  value,
  onChange,
}: {
  field: CaseField;
  value: string | string[];
  onChange: (value: string | string[]) => void;
}) {
  const text = typeof value === 'string' ? value : '';
  const label = `Value of ${field.name}`;
  switch (field.type) {
    case 'textarea':
      return (
        <TextAreaField label={label} value={text} hint={CLEARS} onChange={(e) => onChange(e.target.value)} />
      );
    case 'select':
      return (
        <SelectField
          label={label}
          value={text}
          placeholderOption="-- None (clear) --"
          options={field.options.map((o) => ({ value: o, label: o }))}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'checkbox':
      return (
        <SelectField
          label={label}
          value={text}
          placeholderOption="-- None (clear) --"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="bulk-fieldset">
          <legend className="form-label">{label}</legend>
          {field.options.map((option) => (
            <CheckboxField
              key={option}
              label={option}
              checked={chosen.includes(option)}
              onChange={(e) =>
                onChange(field.options.filter((o) => (o === option ? e.target.checked : chosen.includes(o))))
              }
            />
          ))}
          <p className="form-hint">None ticked clears the field.</p>
        </fieldset>
      );
    }
    default:
      return (
        <InputField
          label={label}
          type={INPUT_TYPES[field.type]}
          step={field.type === 'number' ? 'any' : undefined}
          value={text}
          hint={CLEARS}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function CycleFields({ projectId, onChange }: { projectId: number; onChange: (part: BodyPart) => void }) {
  const cycles = useProjectCycles(projectId);
  const [cycleId, setCycleId] = useState('');
  if (cycles.isError) return <p className="form-error">{problemLines(cycles.error).join(' ')}</p>;
  if (!cycles.data) return <Loading text="Loading test cycles..." />;
  const open = cycles.data.filter((cycle) => cycle.state === 'open');
  if (open.length === 0) return <p className="bulk-hint">This project has no open test cycles.</p>;
  return (
    <SelectField
      label="Test cycle"
      value={cycleId}
      placeholderOption="-- Choose --"
      options={open.map((cycle) => ({ value: String(cycle.id), label: cycle.name }))}
      hint="Cases already in it are left as they are."
      onChange={(event) => {
        setCycleId(event.target.value);
        onChange(event.target.value === '' ? null : { cycle_id: Number(event.target.value) });
      }}
    />
  );
}
