import { ButtonLink } from '@/components/ui/button';
import type { BulkBarSlot } from '@/entities/case/selection';
import { mayRunAny } from '@/features/bulk-actions/bulk-text';
import { BulkActionsBar } from '@/features/bulk-actions/components/bulk-actions-bar';
import { ProjectSearchBox } from '@/features/case-search/components/project-search-box';
import { ProjectCases } from '@/features/cases/components/project-cases';
import { ProjectCycles } from '@/features/cycles/components/project-cycles';
import { ExportButton } from '@/features/export/components/export-button';
import { ImportResultsButton } from '@/features/import/components/import-results-button';
import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';
import { SuiteList } from '@/features/suites/components/suite-list';
import { paths } from '@/lib/paths';

const bulkBar: BulkBarSlot = (props) => <BulkActionsBar {...props} />;

/**
 * /projects/{id}: the project screen with the export and import buttons of their features and the
 * links to Import Test Cases, Flaky Tests and Reports, a search box for its cases, its suites and
 * top-level cases, and its test cycles.
 */
export function ProjectDetailRoute() {
  return (
    <ProjectDetailPage
      moreButtons={(project, can) => (
        <>
          {can('export_project') ? <ExportButton kind="project-cases" id={project.id} /> : null}
          {can('import_results') ? <ImportResultsButton projectId={project.id} /> : null}
          {can('add_test_case_in_project') ? (
            <ButtonLink variant="secondary" to={paths.caseImport(project.id)}>
              Import cases
            </ButtonLink>
          ) : null}
          {can('home_test_case') ? (
            <ButtonLink variant="secondary" to={paths.flakyTests(project.id)}>
              Flaky Tests
            </ButtonLink>
          ) : null}
          {can('home_test_cycle') ? (
            <ButtonLink variant="secondary" to={paths.reports(project.id)}>
              Reports
            </ButtonLink>
          ) : null}
          {can('manage_case_fields') ? (
            <ButtonLink variant="secondary" to={paths.caseFields(project.id)}>
              Case Fields
            </ButtonLink>
          ) : null}
          {can('manage_webhooks') ? (
            <ButtonLink variant="secondary" to={paths.webhooks(project.id)}>
              Webhooks
            </ButtonLink>
          ) : null}
          {can('edit_project') ? (
            <ButtonLink variant="secondary" to={paths.tracker(project.id)}>
              Issue Tracker
            </ButtonLink>
          ) : null}
        </>
      )}
      contents={(project, can) => (
        <>
          {can('home_test_case') ? <ProjectSearchBox projectId={project.id} /> : null}
          {can('home_test_suit') ? (
            <SuiteList project={project} canAdd={can('add_test_suit_in_project')} />
          ) : null}
          {can('home_test_case') ? (
            <ProjectCases
              project={project}
              suitesShown={can('home_test_suit')}
              canAdd={can('add_test_case_in_project')}
              bulkBar={mayRunAny(can) ? bulkBar : undefined}
            />
          ) : null}
          {can('home_test_cycle') ? <ProjectCycles project={project} canAdd={can('add_test_cycle')} /> : null}
        </>
      )}
    />
  );
}
