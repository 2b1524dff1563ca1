import type { CaseImportPreview } from '@verdict/contract';
import { useRef, useState } from 'react';
import { ColumnMapping, NotImported } from '@/components/import/column-mapping';
import { ImportFileCard } from '@/components/import/import-file-card';
import { ImportProblems, problemsText } from '@/components/import/import-problems';
import { ImportRun } from '@/components/import/import-run';
import { AccessDenied } from '@/components/ui/access-denied';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { formatCount } from '@/lib/format-number';
import { type ChosenFile, type ImportProgress, useShownPreview } from '@/lib/import-file';
import { type ImportMapping, withTarget } from '@/lib/import-mapping';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCaseImportPreview, useImportFields, useRunCaseImport } from '../api/case-import-api';
import { caseTargets, mapsName } from '../import-mapping';
import { casesText, PreviewTable } from './import-preview';
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
  // A new round empties the file input for 'Import another file'.
  const [round, setRound] = useState(0);
  const serial = useRef(0);
  const preview = useCaseImportPreview(projectId, chosen, mapping);
  const fields = useImportFields(projectId);
  const run = useRunCaseImport(projectId, setProgress);

  const shown = useShownPreview(chosen, preview);
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
      <ImportFileCard
        round={round}
        hint="A CSV file (UTF-8) or an XLSX workbook (its first sheet); the first row names the columns. TestRail's CSV export is recognised and mapped for you."
        disabled={run.isPending}
        chosen={chosen}
        summary={chosen && shown ? <FileSummary name={chosen.file.name} preview={shown} /> : undefined}
        error={preview.isError ? preview.error : null}
        onRetry={() => void preview.refetch()}
        onChoose={choose}
      />

      {chosen && shown ? (
        <>
          <Card title="Columns">
            <p className="import-hint">
              Choose what each column of the file fills. A column left at "Don't import" is not imported.
            </p>
            <ColumnMapping
              columns={shown.columns}
              mapping={current}
              targets={caseTargets(fields.data ?? [])}
              disabled={locked}
              onChange={(index, target) => setMapping(withTarget(current, index, target))}
            />
            {mapsName(current) ? null : (
              <p className="import-warning">No column is mapped to Name: every case needs a name.</p>
            )}
            <NotImported columns={shown.columns} mapping={current} />
            {current.includes('suite') ? (
              <p className="import-hint case-import-sections">
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
              <ImportProblems problems={shown.problems} count={shown.problem_count} />
              <SuitesToCreate names={shown.suites_to_create} />
              {shown.cases === 0 ? <p>The file has no cases.</p> : <PreviewTable preview={shown} />}
            </div>
          </Card>

          <ImportRun
            count={shown.cases}
            countText={casesText}
            what="cases"
            blocked={blocked}
            progress={progress}
            run={run}
            back={{ to: paths.projectDetail(projectId), label: 'Back to Project' }}
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
  const problems = preview.problem_count === 0 ? '' : `, ${problemsText(preview.problem_count)}`;
  const recognised = preview.recognized ? RECOGNISED[preview.recognized] : undefined;
  return (
    <>
      <p className="import-summary">
        {name}: {casesText(preview.cases)}
        {problems}.
      </p>
      {recognised ? (
        <p className="case-import-recognised">{recognised}: its columns are mapped for you.</p>
      ) : null}
    </>
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
