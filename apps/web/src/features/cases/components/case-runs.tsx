import { useQueryClient } from '@tanstack/react-query';
import type { TestRun } from '@verdict/contract';
import { useMemo, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataList, type DataListColumn } from '@/components/ui/data-list';
import { ErrorBox } from '@/components/ui/error-box';
import { Card } from '@/components/ui/page';
import { StatusBadge } from '@/components/ui/status-badge';
import { useToast } from '@/components/ui/toast';
import type { ProjectPermissions } from '@/entities/project/project-permissions';
import { focusPageHeading } from '@/lib/focus-heading';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { executedByText, useDeleteRun, useRuns } from '../api/run-api';

export interface CaseRunsProps {
  caseId: number;
  can: ProjectPermissions['can'];
}

/**
 * The newest run first: the one with the highest id, which is also the case's latest
 * (docs/product/runs.md, "The 'Test Runs' table").
 */
export function newestFirst(runs: readonly TestRun[]): TestRun[] {
  return [...runs].sort((a, b) => b.id - a.id);
}

/**
 * 'Test Runs' of a case, newest first: Status, Executed By, Executed At, Edit, Delete; shown only
 * when runs exist.
 */
export function CaseRuns({ caseId, can }: CaseRunsProps) {
  const runs = useRuns(caseId, true);
  const rows = useMemo(() => (runs.data ? newestFirst(runs.data) : undefined), [runs.data]);
  const confirm = useConfirm();
  const { show } = useToast();
  const queryClient = useQueryClient();
  const remove = useDeleteRun(caseId);
  const [deleteError, setDeleteError] = useState<unknown>(null);

  if (runs.isError) return <ErrorBox message="Failed to fetch test runs" />;
  if (!rows || rows.length === 0) return null;

  const onDelete = async (run: TestRun) => {
    setDeleteError(null);
    if (!(await confirm({ text: 'Do you really want to delete this test run?' }))) return;
    remove.mutate(run.id, {
      onSuccess: (answer) => {
        // The row goes at once; the refetch that follows confirms it.
        queryClient.setQueryData<TestRun[]>(queryKeys.runs.byCase(caseId), (list) =>
          list?.filter((item) => item.id !== run.id),
        );
        show(answer?.message ?? 'Test run deleted successfully');
        // The focused Delete button went with its row (docs/product/errors-and-keyboard.md, "Focus").
        focusPageHeading();
      },
      onError: (error) => setDeleteError(error),
    });
  };

  const columns: DataListColumn<TestRun>[] = [
    { key: 'status', header: 'Status', render: (run) => <StatusBadge value={run.status} /> },
    { key: 'executed-by', header: 'Executed By', render: (run) => executedByText(run) },
    {
      key: 'executed-at',
      header: 'Executed At',
      render: (run) => <time dateTime={isoDateTime(run.created_at)}>{formatDateTime(run.created_at)}</time>,
    },
  ];
  if (can('edit_test_run')) {
    columns.push({
      key: 'edit',
      header: 'Edit',
      render: (run) => (
        <ButtonLink
          to={paths.runEdit(run.id)}
          size="sm"
          variant="secondary"
          aria-label={`Edit run ${run.id}`}
        >
          Edit
        </ButtonLink>
      ),
    });
  }
  if (can('delete_test_run')) {
    columns.push({
      key: 'delete',
      header: 'Delete',
      render: (run) => (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Delete run ${run.id}`}
          disabled={remove.isPending && remove.variables === run.id}
          onClick={() => onDelete(run)}
        >
          Delete
        </Button>
      ),
    });
  }

  return (
    <Card title="Test Runs">
      <ErrorBox message={deleteError ? 'Failed to delete' : null} error={deleteError} />
      <DataList
        label="Test Runs"
        columns={columns}
        rows={rows}
        rowKey={(run) => run.id}
        emptyText="No test runs"
        indexColumn={false}
      />
    </Card>
  );
}
