import type { RequirementImportPreview } from '@verdict/contract';
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
import { useRequirementImportPreview, useRunRequirementImport } from '../api/requirement-import';
import { mapsTitle, REQUIREMENT_TARGETS } from '../requirement-import-targets';
import { RequirementPreviewTable, requirementsText } from './requirement-import-preview';
import './requirements.css';

const TITLE = 'Import Requirements';

/**
 * /projects/{id}/import-requirements: choose a CSV or XLSX file, map its columns, look at a
 * preview that names every problem by row and column and says which rows create and which update,
 * then import all or nothing with a progress bar (docs/product/requirements-screens.md, "Import
 * Requirements"). The screen of Import Test Cases, with requirements' columns. Needs add_requirement.
 */
export function RequirementImportPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const trail = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
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
  const breadcrumbs = [
    ...trail.slice(0, -1),
    { label: 'Requirements', href: paths.requirements(projectId) },
    ...trail.slice(-1),
  ];
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
      ) : can('add_requirement') ? (
        <RequirementImport projectId={projectId} mayUpdate={can('edit_requirement')} />
      ) : (
        <Card>
          <AccessDenied permission="add_requirement" />
        </Card>
      )}
    </Page>
  );
}

function RequirementImport({ projectId, mayUpdate }: { projectId: number; mayUpdate: boolean }) {
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  // null: the server's guess; the user's own mapping once a select changes.
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  // A new round empties the file input for 'Import another file'.
  const [round, setRound] = useState(0);
  const serial = useRef(0);
  const preview = useRequirementImportPreview(projectId, chosen, mapping);
  const run = useRunRequirementImport(projectId, setProgress);

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
          : !mapsTitle(current)
            ? 'Map a column to Title to import.'
            : shown.problem_count > 0
              ? 'Fix the problems listed above (in the file or in the mapping) to import.'
              : shown.requirements === 0
                ? 'The file has no requirements to import.'
                : null;

  return (
    <>
      <ImportFileCard
        round={round}
        hint="A CSV file (UTF-8) or an XLSX workbook (its first sheet); the first row names the columns. A row with a key the project already has updates that requirement; any other row creates one."
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
              targets={REQUIREMENT_TARGETS}
              disabled={locked}
              onChange={(index, target) => setMapping(withTarget(current, index, target))}
            />
            {mapsTitle(current) ? null : (
              <p className="import-warning">No column is mapped to Title: every requirement needs a title.</p>
            )}
            <NotImported columns={shown.columns} mapping={current} />
          </Card>

          <Card title="Preview">
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
              {shown.updates > 0 && !mayUpdate ? (
                <p className="import-warning requirement-import-updates">
                  This file updates {requirementsText(shown.updates)} the project already has: that needs the
                  edit_requirement permission.
                </p>
              ) : null}
              {shown.requirements === 0 ? (
                <p>The file has no requirements.</p>
              ) : (
                <RequirementPreviewTable preview={shown} />
              )}
            </div>
          </Card>

          <ImportRun
            count={shown.requirements}
            countText={requirementsText}
            what="requirements"
            blocked={blocked}
            progress={progress}
            run={run}
            back={{ to: paths.requirements(projectId), label: 'Back to Requirements' }}
            onImport={() => {
              setProgress({ done: 0, total: shown.requirements });
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

/** 'requirements.csv: 12 requirements (10 new, 2 updated), 1 problem.' */
function FileSummary({ name, preview }: { name: string; preview: RequirementImportPreview }) {
  const split =
    preview.requirements === 0
      ? ''
      : ` (${formatCount(preview.creates)} new, ${formatCount(preview.updates)} updated)`;
  const problems = preview.problem_count === 0 ? '' : `, ${problemsText(preview.problem_count)}`;
  return (
    <p className="import-summary">
      {name}: {requirementsText(preview.requirements)}
      {split}
      {problems}.
    </p>
  );
}
