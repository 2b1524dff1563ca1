import { useNavigate } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useCreateSubUser } from '../api/create-sub-user';
import { SubUserForm } from './sub-user-form';
import { createSubUserBody, emptySubUserValues } from './user-form-values';

/** /admin-create-subuser (docs/product/admin-screens.md, "Create Sub-User (`/admin-create-subuser`)"). */
export function SubUserCreatePage() {
  const navigate = useNavigate();
  const create = useCreateSubUser();

  return (
    <Page title="Create Sub-User" narrow>
      <SubUserForm
        mode="create"
        initial={emptySubUserValues}
        rolesErrorText="Failed to load roles."
        pending={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        error={
          <ErrorBox
            message={
              create.isError
                ? errorText(create.error, 'Failed to create sub-user. Please try again.', {
                    errorField: true,
                  })
                : null
            }
          />
        }
        onSubmit={(values) =>
          create.mutate(createSubUserBody(values), {
            onSuccess: () =>
              navigate(paths.subUsers, { state: { message: 'Sub-user created successfully!' } }),
          })
        }
      />
    </Page>
  );
}
