import type { RequirementImportPreview } from '@verdict/contract';
import { ImportFlow, useImportFlow } from '@/components/import/import-flow';
import { ProjectScreen } from '@/entities/project/project-screen';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { useRequirementImportPreview, useRunRequirementImport } from '../api/requirement-import';
import { mapsTitle, REQUIREMENT_TARGETS } from '../requirement-import-targets';
import { RequirementPreviewTable, requirementsText } from './requirement-import-preview';
import './requirements.css';

/**
 * /projects/{id}/import-requirements: choose a CSV or XLSX file, map its columns, look at a
 * preview that names every problem by row and column and says which rows create and which update,
 * then import all or nothing with a progress bar (docs/product/requirements-screens.md, "Import
 * Requirements"). The screen of Import Test Cases, with requirements' columns. Needs add_requirement.
 */
export function RequirementImportPage() {
  return (
    <ProjectScreen
      title="Import Requirements"
      permission="add_requirement"
      parent={(projectId) => ({ label: 'Requirements', href: paths.requirements(projectId) })}
    >
      {(projectId, can) => <RequirementImport projectId={projectId} mayUpdate={can('edit_requirement')} />}
    </ProjectScreen>
  );
}

function RequirementImport({ projectId, mayUpdate }: { projectId: number; mayUpdate: boolean }) {
  const flow = useImportFlow();
  const preview = useRequirementImportPreview(projectId, flow.chosen, flow.mapping);
  const run = useRunRequirementImport(projectId, flow.setProgress);
  return (
    <ImportFlow
      flow={flow}
      preview={preview}
      run={run}
      hint="A CSV file (UTF-8) or an XLSX workbook (its first sheet); the first row names the columns. A row with a key the project already has updates that requirement; any other row creates one."
      targets={REQUIREMENT_TARGETS}
      required={{
        label: 'Title',
        mapped: mapsTitle,
        warning: 'No column is mapped to Title: every requirement needs a title.',
      }}
      count={(shown) => shown.requirements}
      countText={requirementsText}
      what="requirements"
      countDetail={split}
      previewNote={(shown) =>
        shown.updates > 0 && !mayUpdate ? <UpdatesNeedEdit updates={shown.updates} /> : null
      }
      table={(shown) => <RequirementPreviewTable preview={shown} />}
      back={{ to: paths.requirements(projectId), label: 'Back to Requirements' }}
    />
  );
}

/** After the count in the file's summary: ' (10 new, 2 updated)'. */
const split = (preview: RequirementImportPreview) =>
  preview.requirements === 0
    ? ''
    : ` (${formatCount(preview.creates)} new, ${formatCount(preview.updates)} updated)`;

function UpdatesNeedEdit({ updates }: { updates: number }) {
  return (
    <p className="import-warning requirement-import-updates">
      This file updates {requirementsText(updates)} the project already has: that needs the edit_requirement
      permission.
    </p>
  );
}
