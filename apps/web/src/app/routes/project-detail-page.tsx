import { ButtonLink } from '@/components/ui/button';
import { DisclosureMenu } from '@/components/ui/disclosure-menu';
import type { BulkBarSlot } from '@/entities/case/selection';
import { sharedStepsPaths } from '@/entities/shared-steps/shared-steps-paths';
import { mayRunAny } from '@/features/bulk-actions/bulk-text';
import { BulkActionsBar } from '@/features/bulk-actions/components/bulk-actions-bar';
import { ProjectSearchBox } from '@/features/case-search/components/project-search-box';
import { ProjectCases } from '@/features/cases/components/project-cases';
import { ProjectCycles } from '@/features/cycles/components/project-cycles';
import { ExportButton } from '@/features/export/components/export-button';
import { ImportResultsButton } from '@/features/import/components/import-results-button';
import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';
import { CoverageFigure } from '@/features/requirements/components/coverage-figure';
import { SuiteList } from '@/features/suites/components/suite-list';
import { paths } from '@/lib/paths';

const bulkBar: BulkBarSlot = (props) => <BulkActionsBar {...props} />;

/**
 * /projects/{id}: the project screen. It leads with what a lead opens daily: the test cycles with
 * their progress, the requirements' coverage in one line, then a search box for its cases, its suites and top-level cases. The tools
 * added since the seed sit in menus at the right of the title (decision record 181): Insights
 * (Milestones, Test plans, Requirements, Traceability matrix, Shared Steps, Reports, Flaky Tests), Import / Export (results, cases, the CSV export) and Settings (Case
 * Fields, Webhooks, Issue Tracker, Configurations); a menu none of whose entries the user may use is not shown.
 */
export function ProjectDetailRoute() {
  return (
    <ProjectDetailPage
      tools={(project, can) => {
        const insights = [
          can('home_milestone') ? (
            <ButtonLink key="milestones" variant="ghost" to={paths.milestones(project.id)}>
              Milestones
            </ButtonLink>
          ) : null,
          can('home_test_cycle') ? (
            <ButtonLink key="plans" variant="ghost" to={paths.plans(project.id)}>
              Test plans
            </ButtonLink>
          ) : null,
          can('home_requirement') ? (
            <ButtonLink key="requirements" variant="ghost" to={paths.requirements(project.id)}>
              Requirements
            </ButtonLink>
          ) : null,
          can('home_requirement') ? (
            <ButtonLink key="traceability" variant="ghost" to={paths.traceability(project.id)}>
              Traceability matrix
            </ButtonLink>
          ) : null,
          can('home_test_case') ? (
            <ButtonLink key="shared-steps" variant="ghost" to={sharedStepsPaths.list(project.id)}>
              Shared Steps
            </ButtonLink>
          ) : null,
          can('home_test_cycle') ? (
            <ButtonLink key="reports" variant="ghost" to={paths.reports(project.id)}>
              Reports
            </ButtonLink>
          ) : null,
          can('home_test_case') ? (
            <ButtonLink key="flaky" variant="ghost" to={paths.flakyTests(project.id)}>
              Flaky Tests
            </ButtonLink>
          ) : null,
        ].filter(Boolean);
        const data = [
          can('import_results') ? <ImportResultsButton key="results" projectId={project.id} /> : null,
          can('add_test_case_in_project') ? (
            <ButtonLink key="cases" variant="ghost" to={paths.caseImport(project.id)}>
              Import cases
            </ButtonLink>
          ) : null,
          can('export_project') ? <ExportButton key="export" kind="project-cases" id={project.id} /> : null,
        ].filter(Boolean);
        const settings = [
          can('manage_case_fields') ? (
            <ButtonLink key="fields" variant="ghost" to={paths.caseFields(project.id)}>
              Case Fields
            </ButtonLink>
          ) : null,
          can('manage_webhooks') ? (
            <ButtonLink key="webhooks" variant="ghost" to={paths.webhooks(project.id)}>
              Webhooks
            </ButtonLink>
          ) : null,
          can('edit_project') ? (
            <ButtonLink key="tracker" variant="ghost" to={paths.tracker(project.id)}>
              Issue Tracker
            </ButtonLink>
          ) : null,
          can('edit_project') ? (
            <ButtonLink key="configurations" variant="ghost" to={paths.configurations(project.id)}>
              Configurations
            </ButtonLink>
          ) : null,
        ].filter(Boolean);
        return (
          <>
            {insights.length > 0 ? <DisclosureMenu label="Insights">{insights}</DisclosureMenu> : null}
            {data.length > 0 ? <DisclosureMenu label="Import / Export">{data}</DisclosureMenu> : null}
            {settings.length > 0 ? <DisclosureMenu label="Settings">{settings}</DisclosureMenu> : null}
          </>
        );
      }}
      contents={(project, can) => (
        <>
          {can('home_test_cycle') ? <ProjectCycles project={project} canAdd={can('add_test_cycle')} /> : null}
          {can('home_requirement') ? <CoverageFigure projectId={project.id} /> : null}
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
        </>
      )}
    />
  );
}
