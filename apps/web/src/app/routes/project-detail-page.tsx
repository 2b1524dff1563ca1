import { ExportButton } from '@/features/export/components/export-button';
import { ImportResultsButton } from '@/features/import/components/import-results-button';
import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';

/** /projects/{id}: the project screen with the export and import buttons of their features. */
export function ProjectDetailRoute() {
  return (
    <ProjectDetailPage
      moreButtons={(project, can) => (
        <>
          {can('export_project') ? <ExportButton kind="project-cases" id={project.id} /> : null}
          {can('import_results') ? <ImportResultsButton projectId={project.id} /> : null}
        </>
      )}
    />
  );
}
