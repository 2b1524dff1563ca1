import { DEFAULT_RUN_STATUS, type RunStatusValue } from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCase } from '../api/case-api';
import { useCreateRun } from '../api/run-api';
import { createRunErrorText } from './run-errors';
import { RunStatusField } from './run-status-field';

/** /testcases/{id}/add-testrun: Status (Passed or Failed, default passed); back to the case. */
export function RunCreatePage() {
  const caseId = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'case', id: caseId }, 'Create Test Run');
  const navigate = useNavigate();
  const testCase = useCase(caseId);
  const create = useCreateRun(caseId ?? 0);
  const [status, setStatus] = useState<RunStatusValue>(DEFAULT_RUN_STATUS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (caseId === null || create.isPending) return;
    create.mutate(status, {
      onSuccess: (answer) => {
        const state: NavigationToastState = { message: answer?.message ?? 'Test run created successfully' };
        navigate(paths.caseDetail(caseId), { state });
      },
    });
  };

  return (
    <Page title="Create Test Run" subtitle={testCase.data?.name} breadcrumbs={breadcrumbs} narrow>
      <form className="form" onSubmit={submit}>
        <ErrorBox message={create.isError ? createRunErrorText(create.error) : null} />
        <RunStatusField value={status} onChange={setStatus} />
        <FormActions>
          <Button type="submit" busy={create.isPending} disabled={caseId === null}>
            {create.isPending ? 'Creating...' : 'Create Test Run'}
          </Button>
          <ButtonLink to={caseId === null ? paths.dashboard : paths.caseDetail(caseId)} variant="secondary">
            Cancel
          </ButtonLink>
        </FormActions>
      </form>
    </Page>
  );
}
