import type { CaseImportPreview } from '@verdict/contract';
import { ImportFlow, useImportFlow } from '@/components/import/import-flow';
import { ProjectScreen } from '@/entities/project/project-screen';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { useCaseImportPreview, useImportFields, useRunCaseImport } from '../api/case-import-api';
import { caseTargets, mapsName } from '../import-mapping';
import { casesText, PreviewTable } from './import-preview';
import './case-import.css';

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
  return (
    <ProjectScreen title="Import Test Cases" permission="add_test_case_in_project">
      {(projectId) => <CaseImport projectId={projectId} />}
    </ProjectScreen>
  );
}

function CaseImport({ projectId }: { projectId: number }) {
  const flow = useImportFlow();
  const preview = useCaseImportPreview(projectId, flow.chosen, flow.mapping);
  const run = useRunCaseImport(projectId, flow.setProgress);
  const fields = useImportFields(projectId);
  return (
    <ImportFlow
      flow={flow}
      preview={preview}
      run={run}
      hint="A CSV file (UTF-8) or an XLSX workbook (its first sheet); the first row names the columns. TestRail's CSV export is recognised and mapped for you."
      targets={caseTargets(fields.data ?? [])}
      required={{
        label: 'Name',
        mapped: mapsName,
        warning: 'No column is mapped to Name: every case needs a name.',
      }}
      count={(shown) => shown.cases}
      countText={casesText}
      what="cases"
      fileNote={recognisedNote}
      columnsNote={(mapping) =>
        mapping.includes('suite') ? (
          <p className="import-hint case-import-sections">
            Suites: each distinct value of the column mapped to Suite becomes one suite, named by the whole
            value. TestRail's Section Hierarchy ("Checkout &gt; Payments") gives one suite per section path,
            since Verdict's suites do not nest; an existing suite of that name is used.
          </p>
        ) : null
      }
      previewNote={(shown) => <SuitesToCreate names={shown.suites_to_create} />}
      table={(shown) => <PreviewTable preview={shown} />}
      previewClassName="case-import-preview-card"
      back={{ to: paths.projectDetail(projectId), label: 'Back to Project' }}
    />
  );
}

/** For a known export, under the file's summary: 'Recognised as a TestRail export.' */
function recognisedNote(preview: CaseImportPreview) {
  const recognised = preview.recognized ? RECOGNISED[preview.recognized] : undefined;
  return recognised ? (
    <p className="case-import-recognised">{recognised}: its columns are mapped for you.</p>
  ) : null;
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
