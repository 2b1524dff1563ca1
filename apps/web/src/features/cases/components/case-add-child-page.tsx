import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useCreateCase } from '@/features/projects/api/create-case';
import { NameDescriptionForm } from '@/features/projects/components/name-description-form';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useCase } from '../api/case-api';

/** /testcases/{id}/add-child: a child of case {id}; back to that case. */
export function CaseAddChildPage() {
  const parentId = useIdParam();
  const navigate = useNavigate();
  const parent = useCase(parentId);
  const create = useCreateCase({ kind: 'parent', id: parentId ?? 0 });

  return (
    <Page title="Add Child Test Case" subtitle={parent.data?.name} narrow>
      {parentId === null ? (
        <ErrorBox message="Failed to fetch test case" />
      ) : (
        <NameDescriptionForm
          nameLabel="Child Case Name"
          blankNameMessage="Child Test Case name is required"
          submitLabel="Add Child Test Case"
          busyLabel="Adding..."
          busy={create.isPending}
          error={create.isError ? 'Failed to create Child Test Case' : null}
          errorCause={create.error}
          cancelTo={paths.caseDetail(parentId)}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (answer) => {
                const state: NavigationToastState = {
                  message: answer?.message ?? 'Test case created successfully',
                };
                navigate(paths.caseDetail(parentId), { state });
              },
            })
          }
        />
      )}
    </Page>
  );
}
