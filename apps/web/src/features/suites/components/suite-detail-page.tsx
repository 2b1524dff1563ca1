import { useQueryClient } from '@tanstack/react-query';
import type { Suite } from '@verdict/contract';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataList, type DataListColumn } from '@/components/ui/data-list';
import { ErrorBox } from '@/components/ui/error-box';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { type ProjectPermissions, useProjectPermissions } from '@/entities/project/project-permissions';
import { useObjectTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { refreshAfterSuiteDelete } from '@/lib/refresh';
import { useIdParam } from '@/lib/route-params';
import { useDeleteSuite, useSuite } from '../api/suite-api';

export interface SuiteDetailPageProps {
  /** What other features show of the suite's contents (its cases), gated by `can`. */
  contents?: (suite: Suite, can: ProjectPermissions['can']) => ReactNode;
}

/**
 * /suites/{id}: the suite as a one-row table with Edit, Delete (confirmed) and Add Case, under
 * its breadcrumbs, then its contents.
 */
export function SuiteDetailPage({ contents }: SuiteDetailPageProps) {
  const id = useIdParam();
  const suite = useSuite(id);
  const trail = useObjectTrail({ type: 'suite', id });
  // A missing (or hidden) suite has a page of its own; any other failure offers Retry.
  // docs/product/suites.md, "Suite Details (`/suites/{id}`)"
  if (id !== null && isNotFound(suite.error)) {
    return (
      <ObjectNotFound kind="Test suite" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />
    );
  }
  return (
    <Page
      title="Suite Details"
      documentTitle={suite.data?.name}
      breadcrumbs={trail.crumbs}
      subtitle={suite.data?.name}
      card={false}
    >
      {id === null ? (
        <Card>
          <ErrorBox message="Failed to fetch suite" />
        </Card>
      ) : suite.isError ? (
        <Card>
          <LoadFailed what="the suite" error={suite.error} onRetry={() => void suite.refetch()} />
        </Card>
      ) : !suite.data ? (
        <Card>
          <Loading text="Loading suite..." />
        </Card>
      ) : (
        <SuiteView suite={suite.data} contents={contents} />
      )}
    </Page>
  );
}

function SuiteView({ suite, contents }: SuiteDetailPageProps & { suite: Suite }) {
  const { can } = useProjectPermissions(suite.project_id);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { show } = useToast();
  const queryClient = useQueryClient();
  const remove = useDeleteSuite();
  const [deleteError, setDeleteError] = useState<unknown>(null);

  const onDelete = async () => {
    setDeleteError(null);
    if (!(await confirm({ text: `Do you really want to delete ${suite.name}?` }))) return;
    remove.mutate(suite.id, {
      onSuccess: async (answer) => {
        show(answer?.message ?? 'Test suite deleted successfully');
        // Back one page. A tab opened on this suite has no page before it: go to the project.
        // docs/product/suites.md, "Suite Details (`/suites/{id}`)"
        if (window.history.length <= 1) {
          await navigate(paths.projectDetail(suite.project_id), { replace: true });
        } else {
          await navigate(-1);
        }
        await refreshAfterSuiteDelete(queryClient, suite);
      },
      onError: (error) => setDeleteError(error),
    });
  };

  const columns: DataListColumn<Suite>[] = [
    { key: 'name', header: 'Name', render: (row) => row.name },
    { key: 'description', header: 'Description', render: (row) => row.description || '-' },
  ];
  if (can('edit_test_suit') || can('delete_test_suit') || can('add_test_case_in_test_suit')) {
    columns.push({
      key: 'action',
      header: 'Action',
      render: (row) => (
        <div className="table-actions">
          {can('edit_test_suit') ? (
            <ButtonLink to={paths.suiteEdit(row.id)} size="sm" variant="secondary">
              Edit
            </ButtonLink>
          ) : null}
          {can('delete_test_suit') ? (
            <Button size="sm" variant="danger" busy={remove.isPending} onClick={onDelete}>
              Delete
            </Button>
          ) : null}
          {can('add_test_case_in_test_suit') ? (
            <ButtonLink to={paths.suiteAddCase(row.id)} size="sm">
              Add Case
            </ButtonLink>
          ) : null}
        </div>
      ),
    });
  }

  return (
    <>
      <Card>
        <ErrorBox message={deleteError ? 'Failed to delete suite' : null} error={deleteError} />
        <DataList
          label="Suite"
          columns={columns}
          rows={[suite]}
          rowKey={(row) => row.id}
          emptyText="No suite found"
          indexColumn={false}
        />
      </Card>
      {contents?.(suite, can)}
    </>
  );
}
