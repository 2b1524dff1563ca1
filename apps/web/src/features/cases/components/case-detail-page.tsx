import { useQueryClient } from '@tanstack/react-query';
import type { TestCase, TestCaseDetail } from '@verdict/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Crumb } from '@/components/ui/breadcrumbs';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataList, type DataListColumn } from '@/components/ui/data-list';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import type { NavigationToastState } from '@/components/ui/toast';
import { useExpandedCase } from '@/entities/case/get-case';
import type { BulkBarSlot } from '@/entities/case/selection';
import { StatusMark } from '@/entities/case/status-mark';
import { type ProjectPermissions, useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { caseParentRef, refreshAfterCaseDelete } from '@/lib/refresh';
import { useIdParam } from '@/lib/route-params';
import { useDeleteCase } from '../api/case-api';
import { useCaseWindowRows } from '../api/case-window-page';
import { CaseContentView } from './case-content-view';
import { CaseHistory } from './case-history';
import { CaseList } from './case-list';
import { CaseRuns } from './case-runs';

export interface CaseDetailPageProps {
  /** Buttons other features add after Add Test Run (export), gated by `can`. */
  moreButtons?: (testCase: TestCase, can: ProjectPermissions['can']) => ReactNode;
  /** What other features show of the case after its runs (its cycle results), gated by `can`. */
  moreContents?: (testCase: TestCase, can: ProjectPermissions['can']) => ReactNode;
  /** The bulk-actions bar over the child cases, when `can` allows one (entities/case/selection.ts). */
  childBulkBar?: (can: ProjectPermissions['can']) => BulkBarSlot | undefined;
}

/**
 * /cases/{id}: under its breadcrumbs, the case as a one-row table (Edit, Delete), the
 * 'Child Test Case' and 'Add Test Run' buttons, its content and history in two tabs
 * (docs/product/rich-cases-screens.md), its child cases, and its runs (with home_test_run, when
 * there are any).
 */
export function CaseDetailPage({ moreButtons, moreContents, childBulkBar }: CaseDetailPageProps) {
  const id = useIdParam();
  // Its shared steps expanded, numbered as part of the case (docs/product/shared-steps-screens.md).
  const testCase = useExpandedCase(id);
  const trail = useObjectTrail({ type: 'case', id });
  if (id === null) {
    return (
      <Page title="Test Case Details">
        <ErrorBox message="Failed to fetch test case" />
      </Page>
    );
  }
  // A missing (or hidden) case has a page of its own; any other failure offers Retry.
  // docs/product/cases.md, "Test Case Details (`/cases/{id}`)"
  if (isNotFound(testCase.error)) {
    return <ObjectNotFound kind="Test case" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  if (testCase.isError) {
    return (
      <Page title="Test Case Details">
        <LoadFailed what="the test case" error={testCase.error} onRetry={() => void testCase.refetch()} />
      </Page>
    );
  }
  if (!testCase.data) {
    return (
      <Page title="Test Case Details" breadcrumbs={trail.crumbs}>
        <Loading text="Loading test case..." />
      </Page>
    );
  }
  return (
    <CaseDetailView
      testCase={testCase.data}
      trail={trail.crumbs}
      moreButtons={moreButtons}
      moreContents={moreContents}
      childBulkBar={childBulkBar}
    />
  );
}

/** After deleting a case, its parent screen: the parent case, else its suite, else its project. */
function parentScreenOf(testCase: TestCase): string {
  const parent = caseParentRef(testCase);
  if (parent?.type === 'case') return paths.caseDetail(parent.id);
  if (parent?.type === 'suite') return paths.suiteDetail(parent.id);
  return paths.projectDetail(testCase.project_id);
}

function CaseDetailView({
  testCase,
  trail,
  moreButtons,
  moreContents,
  childBulkBar,
}: CaseDetailPageProps & { testCase: TestCaseDetail; trail: readonly Crumb[] }) {
  const { can } = useProjectPermissions(testCase.project_id);
  const bulkBar = childBulkBar?.(can);
  const childScope = useMemo(() => ({ type: 'parent', id: testCase.id }) as const, [testCase.id]);
  // Only the page of children on screen is asked for (docs/product/cases.md, "Lists of cases").
  const children = useCaseWindowRows(can('home_test_case') ? childScope : undefined, 'children');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const remove = useDeleteCase();
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [tab, setTab] = useState<'content' | 'history'>('content');

  const onDelete = async () => {
    setDeleteError(null);
    if (!(await confirm({ text: `Do you really want to delete ${testCase.name}?` }))) return;
    remove.mutate(testCase.id, {
      onSuccess: async (answer) => {
        const state: NavigationToastState = { message: answer?.message ?? 'Test case deleted successfully' };
        await navigate(parentScreenOf(testCase), { state });
        await refreshAfterCaseDelete(queryClient, testCase);
      },
      onError: (error) => setDeleteError(error),
    });
  };

  const columns: DataListColumn<TestCase>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'description', header: 'Description', render: (row) => row.description || '-' },
  ];
  if (can('edit_test_case')) {
    columns.push({
      key: 'edit',
      header: 'Edit',
      render: (row) => (
        <ButtonLink to={paths.caseEdit(row.id)} size="sm" variant="secondary">
          Edit
        </ButtonLink>
      ),
    });
  }
  if (can('delete_test_case')) {
    columns.push({
      key: 'delete',
      header: 'Delete',
      render: () => (
        <Button size="sm" variant="danger" busy={remove.isPending} onClick={onDelete}>
          Delete
        </Button>
      ),
    });
  }

  return (
    <Page
      title="Test Case Details"
      documentTitle={testCase.name}
      breadcrumbs={trail}
      subtitle={testCase.name}
      card={false}
    >
      <Card>
        <ErrorBox message={deleteError ? 'Failed to delete' : null} error={deleteError} />
        <DataList
          label="Test Case"
          columns={columns}
          rows={[testCase]}
          rowKey={(row) => row.id}
          emptyText="No test case found"
          indexColumn={false}
        />
        <p className="muted">
          <StatusMark
            showLabel
            status={testCase.status}
            rollup={testCase.rollup}
            hasChildren={testCase.has_children}
          />
        </p>
        <div className="detail-buttons">
          {can('add_test_case_in_test_case') ? (
            <ButtonLink to={paths.caseAddChild(testCase.id)}>Child Test Case</ButtonLink>
          ) : null}
          {can('add_test_run_in_test_case') ? (
            <ButtonLink to={paths.runCreate(testCase.id)}>Add Test Run</ButtonLink>
          ) : null}
          {moreButtons?.(testCase, can)}
        </div>
      </Card>
      <Card>
        <Tabs
          label="Test case"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'content', label: 'Content', content: () => <CaseContentView testCase={testCase} /> },
            {
              id: 'history',
              label: `History (${testCase.version})`,
              content: () => <CaseHistory testCase={testCase} mayRestore={can('edit_test_case')} />,
            },
          ]}
        />
      </Card>
      {can('home_test_case') ? (
        <CaseList
          title="Child Test Cases"
          label={`Child cases of ${testCase.name}`}
          cases={children}
          pageParam="children"
          emptyText="No child cases yet."
          addAction={
            can('add_test_case_in_test_case')
              ? { to: paths.caseAddChild(testCase.id), label: 'New child case' }
              : null
          }
          bulk={bulkBar ? { projectId: testCase.project_id, bar: bulkBar } : undefined}
        />
      ) : null}
      {can('home_test_run') ? <CaseRuns caseId={testCase.id} can={can} /> : null}
      {moreContents?.(testCase, can)}
    </Page>
  );
}
