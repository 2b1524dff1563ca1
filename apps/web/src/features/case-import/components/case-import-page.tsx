import type { CaseImportPreview } from '@verdict/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { ApiError, errorText } from '@/lib/api-client';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import {
  type ChosenFile,
  type ImportProgress,
  useCaseImportPreview,
  useImportFields,
  useRunCaseImport,
} from '../api/case-import-api';
import { FILE_ACCEPT, type ImportMapping, mapsName, withTarget } from '../import-mapping';
import { ColumnMapping } from './column-mapping';
import { casesText, ImportProblems, PreviewTable } from './import-preview';
import './case-import.css';

const TITLE = 'Import Test Cases';

const RECOGNISED: Record<string, string> = {
  testrail: 'Recognised as a TestRail export',
  verdict: 'Recognised as a Verdict export',
};

/** How many suites to create are named before 'and N more'. */
const SUITES_NAMED = 10;

/**
 * /projects/{id}/import-cases: choose a CSV or XLSX file, map its columns, look at a preview
 * that names every problem by row and column, then import all or nothing with a progress bar
 * (docs/product/case-import-screens.md). Needs add_test_case_in_project in the project.
 */
export function CaseImportPage() {
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
  if (isNotFound(project.error)) {
    return <ObjectNotFound kind="Project" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      {project.isError ? (
        <Card>
          <LoadFailed what="the project" error={project.error} onRetry={() => void project.refetch()} />
        </Card>
      ) : loading || !project.data ? (
        <Card>
          <Loading text="Loading project..." />
        </Card>
      ) : can('add_test_case_in_project') ? (
        <CaseImport projectId={projectId} />
      ) : (
        <Card>
          <AccessDenied permission="add_test_case_in_project" />
        </Card>
      )}
    </Page>
  );
}

function CaseImport({ projectId }: { projectId: number }) {
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  // null: the server's guess; the user's own mapping once a select changes.
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  // A new key empties the file input for 'Import another file'.
  const [round, setRound] = useState(0);
  const serial = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  // After 'Import another file' (gone with its card), focus goes to the emptied file field.
  useEffect(() => {
    if (round > 0) fileInput.current?.focus();
  }, [round]);
  const preview = useCaseImportPreview(projectId, chosen, mapping);
  const fields = useImportFields(projectId);
  const run = useRunCaseImport(projectId, setProgress);

  // The last preview of this file: it stays in view (with its error) when the next one fails.
  const last = useRef<{ serial: number; preview: CaseImportPreview } | null>(null);
  if (chosen && preview.data && !preview.isPlaceholderData) {
    last.current = { serial: chosen.serial, preview: preview.data };
  }
  const shown =
    preview.data ?? (chosen && last.current?.serial === chosen.serial ? last.current.preview : undefined);
  const current = mapping ?? shown?.mapping ?? [];
  const locked = run.isPending || run.isSuccess;

  const choose = (file: File | undefined) => {
    run.reset();
    setProgress(null);
    setMapping(null);
    if (!file) {
      setChosen(null);
      return;
    }
    serial.current += 1;
    setChosen({ file, serial: serial.current });
  };

  const blocked =
    shown === undefined
      ? null
      : preview.isError
        ? 'The preview of this mapping failed: change the mapping or try again.'
        : preview.isFetching
          ? 'Updating the preview...'
          : !mapsName(current)
            ? 'Map a column to Name to import.'
            : shown.problem_count > 0
              ? 'Fix the problems listed above (in the file or in the mapping) to import.'
              : shown.cases === 0
                ? 'The file has no cases to import.'
                : null;

  return (
    <>
      <Card title="File">
        <InputField
          key={round}
          ref={fileInput}
          label="CSV or XLSX file"
          type="file"
          accept={FILE_ACCEPT}
          className="case-import-file"
          disabled={run.isPending}
          hint="A CSV file (UTF-8) or an XLSX workbook (its first sheet); the first row names the columns. TestRail's CSV export is recognised and mapped for you."
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div className="case-import-status" role="status">
          {chosen === null ? null : shown ? (
            <FileSummary name={chosen.file.name} preview={shown} />
          ) : preview.isError ? null : (
            // The spinner of <Loading>, without its own status role inside this one.
            <div className="loading">
              <span className="spinner" aria-hidden="true" />
              <span>Reading {chosen.file.name}...</span>
            </div>
          )}
        </div>
        {chosen && !shown && preview.isError ? (
          <LoadFailed
            what={chosen.file.name}
            message={`Could not read ${chosen.file.name}.`}
            error={preview.error}
            onRetry={() => void preview.refetch()}
          />
        ) : null}
      </Card>

      {chosen && shown ? (
        <>
          <Card title="Columns">
            <p className="case-import-hint">
              Choose what each column of the file fills. A column left at "Don't import" is not imported.
            </p>
            <ColumnMapping
              columns={shown.columns}
              mapping={current}
              fields={fields.data ?? []}
              disabled={locked}
              onChange={(index, target) => setMapping(withTarget(current, index, target))}
            />
            {mapsName(current) ? null : (
              <p className="case-import-warning">No column is mapped to Name: every case needs a name.</p>
            )}
            <NotImported columns={shown.columns} mapping={current} />
            {current.includes('suite') ? (
              <p className="case-import-hint case-import-sections">
                Suites: each distinct value of the column mapped to Suite becomes one suite, named by the
                whole value. TestRail's Section Hierarchy ("Checkout &gt; Payments") gives one suite per
                section path, since Verdict's suites do not nest; an existing suite of that name is used.
              </p>
            ) : null}
          </Card>

          <Card title="Preview" className="case-import-preview-card">
            <div aria-busy={preview.isFetching || undefined}>
              {preview.isError ? (
                <LoadFailed
                  what="the preview"
                  message="Could not update the preview."
                  error={preview.error}
                  onRetry={() => void preview.refetch()}
                />
              ) : null}
              {preview.isFetching ? <Loading text="Updating the preview..." /> : null}
              <ImportProblems preview={shown} />
              <SuitesToCreate names={shown.suites_to_create} />
              {shown.cases === 0 ? <p>The file has no cases.</p> : <PreviewTable preview={shown} />}
            </div>
          </Card>

          <ImportRun
            projectId={projectId}
            cases={shown.cases}
            blocked={blocked}
            progress={progress}
            run={run}
            onImport={() => {
              setProgress({ done: 0, total: shown.cases });
              run.mutate({ file: chosen.file, mapping: current });
            }}
            onAgain={() => {
              choose(undefined);
              setRound((n) => n + 1);
            }}
          />
        </>
      ) : null}
    </>
  );
}

/** 'cases.csv: 12 cases, 1 problem.' and, for a known export, 'Recognised as a TestRail export.' */
function FileSummary({ name, preview }: { name: string; preview: CaseImportPreview }) {
  const problems =
    preview.problem_count === 0
      ? ''
      : `, ${preview.problem_count === 1 ? '1 problem' : `${formatCount(preview.problem_count)} problems`}`;
  const recognised = preview.recognized ? RECOGNISED[preview.recognized] : undefined;
  return (
    <>
      <p className="case-import-summary">
        {name}: {casesText(preview.cases)}
        {problems}.
      </p>
      {recognised ? (
        <p className="case-import-recognised">{recognised}: its columns are mapped for you.</p>
      ) : null}
    </>
  );
}

/** Every column the import leaves out, by name, so nothing is dropped unseen ('Not imported: Estimate.'). */
function NotImported({
  columns,
  mapping,
}: {
  columns: readonly string[];
  mapping: readonly (string | null)[];
}) {
  const dropped = columns.filter((_, index) => !mapping[index]);
  if (dropped.length === 0) return null;
  return (
    <p className="case-import-dropped">
      Not imported ({formatCount(dropped.length)} {dropped.length === 1 ? 'column' : 'columns'}):{' '}
      {dropped.join(', ')}.
    </p>
  );
}

function SuitesToCreate({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  const named = names.slice(0, SUITES_NAMED).join(', ');
  const more = names.length > SUITES_NAMED ? ` and ${formatCount(names.length - SUITES_NAMED)} more` : '';
  return (
    <p className="case-import-suites">
      {names.length === 1 ? 'New suite' : `${formatCount(names.length)} new suites`}: {named}
      {more}.
    </p>
  );
}

interface ImportRunProps {
  projectId: number;
  cases: number;
  /** Why the button is disabled, or null when the file can be imported. */
  blocked: string | null;
  progress: ImportProgress | null;
  run: ReturnType<typeof useRunCaseImport>;
  onImport: () => void;
  onAgain: () => void;
}

/**
 * 'Import N cases', then a progress bar with 'n of N cases' as the lines of the answer come, then
 * the server's message with a link back to the project, or why nothing was imported.
 */
function ImportRun({ projectId, cases, blocked, progress, run, onImport, onAgain }: ImportRunProps) {
  const reasonId = useId();
  const outcome = useRef<HTMLDivElement>(null);
  const ended = run.isSuccess || run.isError;
  // The button is gone (or was disabled while busy): focus goes to what happened.
  useEffect(() => {
    if (ended) outcome.current?.focus();
  }, [ended]);
  const total = progress?.total ?? cases;
  const done = progress?.done ?? 0;
  return (
    <Card title="Import" className="case-import-run">
      {run.isSuccess ? null : (
        <div className="case-import-actions">
          <Button
            busy={run.isPending}
            disabled={blocked !== null}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={onImport}
          >
            {run.isPending ? 'Importing...' : `Import ${casesText(cases)}`}
          </Button>
          {blocked && !run.isPending ? (
            <p id={reasonId} className="case-import-muted">
              {blocked}
            </p>
          ) : null}
        </div>
      )}
      {run.isPending ? (
        <progress
          className="case-import-progress"
          max={total || 1}
          value={done}
          aria-label="Import progress"
        />
      ) : null}
      <div ref={outcome} tabIndex={-1} className="case-import-outcome">
        <div role="status">
          {run.isPending ? (
            <p>
              {formatCount(done)} of {casesText(total)}
            </p>
          ) : run.isSuccess ? (
            <p className="case-import-message">{run.data.message}</p>
          ) : null}
        </div>
        {run.isSuccess ? (
          <div className="form-actions">
            <ButtonLink to={paths.projectDetail(projectId)}>Back to Project</ButtonLink>
            <Button variant="secondary" onClick={onAgain}>
              Import another file
            </Button>
          </div>
        ) : null}
        {run.isError ? <ImportFailure error={run.error} /> : null}
      </div>
    </Card>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Details of a 400 (the file's problems, 'row 5, Priority'), at most this many listed. */
const DETAILS_SHOWN = 20;

function ImportFailure({ error }: { error: unknown }) {
  const lost = error instanceof ApiError && error.kind === 'no-response';
  const body = error instanceof ApiError ? error.body : undefined;
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? ((body as { details: { field?: unknown; message?: unknown }[] }).details ?? [])
      : [];
  const message = lost
    ? 'The connection to the server was lost before the import finished.'
    : errorText(error, 'Failed to import cases');
  return (
    <ErrorBox message={message}>
      {lost ? (
        <p className="error-box-detail">
          An import keeps all of its cases or none: look at the project's cases before importing again.
        </p>
      ) : /nothing was imported/i.test(message) ? null : (
        <p className="error-box-detail">Nothing was imported.</p>
      )}
      {details.length > 0 ? (
        <ul className="case-import-details">
          {details.slice(0, DETAILS_SHOWN).map((detail, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's list, shown as it is
            <li key={index}>
              {typeof detail.field === 'string' && detail.field !== ''
                ? `${capitalised(detail.field)}: `
                : ''}
              {String(detail.message ?? '')}
            </li>
          ))}
        </ul>
      ) : null}
    </ErrorBox>
  );
}
