import type { RunStatusValue, TestRun } from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField } from '@/components/ui/form-field';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { ObjectNotFound } from '@/components/ui/object-not-found';
import { Page } from '@/components/ui/page';
import { type NavigationToastState, useToast } from '@/components/ui/toast';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { executedByText, useRun, useUpdateRun } from '../api/run-api';
import { RunStatusField } from './run-status-field';

/**
 * /edit-testrun/{id}: under the case's breadcrumbs, read-only case and executor, the Status
 * select; back to the case.
 */
export function RunEditPage() {
  const id = useIdParam();
  const run = useRun(id);
  const breadcrumbs = useScreenTrail({ type: 'case', id: run.data?.test_case?.id ?? null }, 'Edit Test Run');
  // A missing (or hidden) run has a page of its own; any other failure offers Retry.
  // docs/product/runs.md, "Edit Test Run (`/edit-testrun/{id}`)"
  if (id !== null && isNotFound(run.error)) {
    return <ObjectNotFound kind="Test run" backTo={{ href: paths.dashboard, label: 'Back to Dashboard' }} />;
  }
  return (
    <Page title="Edit Test Run" breadcrumbs={breadcrumbs} narrow>
      {id === null ? (
        <ErrorBox message="Failed to fetch test run details" />
      ) : run.isError ? (
        <LoadFailed what="the test run" error={run.error} onRetry={() => void run.refetch()} />
      ) : !run.data ? (
        <Loading text="Loading test run..." />
      ) : (
        <RunEditForm key={run.data.id} run={run.data} />
      )}
    </Page>
  );
}

function RunEditForm({ run }: { run: TestRun }) {
  const navigate = useNavigate();
  const { show } = useToast();
  const caseId = run.test_case?.id;
  const update = useUpdateRun(run.id, caseId);
  const [status, setStatus] = useState<RunStatusValue>(run.status);

  // Back to the case when the run names it, else one page back.
  // docs/product/runs.md, "Edit Test Run (`/edit-testrun/{id}`)"
  const leave = (message?: string) => {
    if (caseId) {
      const state: NavigationToastState | undefined = message ? { message } : undefined;
      navigate(paths.caseDetail(caseId), { state });
      return;
    }
    if (message) show(message);
    navigate(-1);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(status, {
      onSuccess: (answer) => leave(answer?.message ?? 'Test run updated successfully'),
    });
  };

  return (
    <form className="form" onSubmit={submit}>
      <ErrorBox message={update.isError ? 'Failed to update test run!' : null} error={update.error} />
      <InputField label="Test Case" name="test_case" value={run.test_case?.name ?? '-'} readOnly />
      <InputField label="Executed By" name="executed_by" value={executedByText(run)} readOnly />
      <RunStatusField value={status} onChange={setStatus} />
      <FormActions>
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? 'Updating...' : 'Update Test Run'}
        </Button>
        <Button variant="secondary" onClick={() => leave()}>
          Cancel
        </Button>
      </FormActions>
    </form>
  );
}
