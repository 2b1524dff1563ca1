import { useQuery } from '@tanstack/react-query';
import type { Suite, TestCase } from '@verdict/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { projectCasesQuery, suiteCasesQuery } from '@/entities/case/case-list-queries';
import { useProjectSuites } from '@/entities/suite/project-suites';
import { type CaseSelection, isCaseChosen, toggleCase, toggleSuite } from './case-selection';
import './case-picker.css';

/** Cases a suite's list shows before 'Show more' (a 10,000-case suite stays quick to open). */
export const PICKER_PAGE = 100;

export interface CasePickerProps {
  projectId: number;
  selection: CaseSelection;
  onChange: (next: CaseSelection) => void;
  /** Ties the picker to its error message. */
  describedBy?: string | undefined;
}

/**
 * The project's suites and top-level cases with checkboxes (docs/product/cycles-screens.md, "New
 * Test Cycle"; a test plan's entries pick their cases with it too, docs/product/plans-screens.md). A checked suite brings all its cases, so its own cases show checked and locked; a
 * checked case brings its children. A suite's cases load when it is opened.
 */
export function CasePicker({ projectId, selection, onChange, describedBy }: CasePickerProps) {
  const suites = useProjectSuites(projectId, true);
  const cases = useQuery({ ...projectCasesQuery(projectId), staleTime: 0 });
  if (suites.error || cases.error) {
    return (
      <LoadFailed
        what="the suites and cases"
        error={suites.error ?? cases.error}
        onRetry={() => {
          void suites.refetch();
          void cases.refetch();
        }}
      />
    );
  }
  if (!suites.data || !cases.data) return <Loading text="Loading suites and cases..." />;
  const loose = cases.data.filter((testCase) => testCase.suite_id === null);
  if (suites.data.length === 0 && loose.length === 0) {
    return <p className="cycle-picker-empty">This project has no test cases yet.</p>;
  }
  return (
    <ul className="cycle-picker" aria-describedby={describedBy}>
      {suites.data.map((suite) => (
        <SuiteNode key={suite.id} suite={suite} selection={selection} onChange={onChange} />
      ))}
      {loose.length > 0 ? (
        <li className="cycle-picker-group">
          <span className="cycle-picker-group-name">Cases outside suites</span>
          <CaseNodes cases={loose} selection={selection} onChange={onChange} suiteChosen={false} />
        </li>
      ) : null}
    </ul>
  );
}

function SuiteNode({
  suite,
  selection,
  onChange,
}: {
  suite: Suite;
  selection: CaseSelection;
  onChange: (next: CaseSelection) => void;
}) {
  const [open, setOpen] = useState(false);
  const checkboxId = useId();
  const listId = useId();
  const chosen = selection.suiteIds.has(suite.id);
  return (
    <li className="cycle-picker-suite">
      <div className="cycle-picker-row">
        <button
          type="button"
          className="cycle-picker-toggle"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={`${open ? 'Hide' : 'Show'} the cases of ${suite.name}`}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
        <input
          type="checkbox"
          id={checkboxId}
          checked={chosen}
          onChange={() => onChange(toggleSuite(selection, suite.id))}
        />
        <label htmlFor={checkboxId}>
          {suite.name} <span className="cycle-picker-hint">(suite: all its cases)</span>
        </label>
      </div>
      {open ? (
        <div id={listId}>
          <SuiteCases suiteId={suite.id} selection={selection} onChange={onChange} suiteChosen={chosen} />
        </div>
      ) : null}
    </li>
  );
}

function SuiteCases({
  suiteId,
  selection,
  onChange,
  suiteChosen,
}: {
  suiteId: number;
  selection: CaseSelection;
  onChange: (next: CaseSelection) => void;
  suiteChosen: boolean;
}) {
  const cases = useQuery({ ...suiteCasesQuery(suiteId), staleTime: 0 });
  if (cases.error) {
    return <LoadFailed what="the cases" error={cases.error} onRetry={() => void cases.refetch()} />;
  }
  if (!cases.data) return <Loading text="Loading test cases..." />;
  const topLevel = cases.data.filter((testCase) => testCase.parent_id === null);
  if (topLevel.length === 0) return <p className="cycle-picker-empty">No test cases yet.</p>;
  return <CaseNodes cases={topLevel} selection={selection} onChange={onChange} suiteChosen={suiteChosen} />;
}

function CaseNodes({
  cases,
  selection,
  onChange,
  suiteChosen,
}: {
  cases: readonly TestCase[];
  selection: CaseSelection;
  onChange: (next: CaseSelection) => void;
  suiteChosen: boolean;
}) {
  const [shown, setShown] = useState(PICKER_PAGE);
  return (
    <>
      <ul className="cycle-picker-cases">
        {cases.slice(0, shown).map((testCase) => (
          <CaseNode
            key={testCase.id}
            testCase={testCase}
            checked={suiteChosen || isCaseChosen(selection, testCase.id)}
            locked={suiteChosen}
            onToggle={() => onChange(toggleCase(selection, testCase.id))}
          />
        ))}
      </ul>
      {cases.length > shown ? (
        <Button size="sm" variant="secondary" onClick={() => setShown(shown + PICKER_PAGE)}>
          Show more ({(cases.length - shown).toLocaleString('en-US')} left)
        </Button>
      ) : null}
    </>
  );
}

function CaseNode({
  testCase,
  checked,
  locked,
  onToggle,
}: {
  testCase: TestCase;
  checked: boolean;
  locked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <li className="cycle-picker-row">
      <input type="checkbox" id={id} checked={checked} disabled={locked} onChange={onToggle} />
      <label htmlFor={id}>{testCase.name}</label>
    </li>
  );
}
