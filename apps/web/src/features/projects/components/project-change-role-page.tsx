import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import { SearchableSelect } from '@/components/ui/searchable-select';
import type { NavigationToastState } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useChangeMemberRole } from '../api/member-mutations';
import { useRoles } from '../api/users-and-roles';
import { changeRoleErrorText } from './change-role-error';

/** /projects/{id}/user/{userId}: pick the member's new role (required), then back to the project. */
export function ProjectChangeRolePage() {
  const projectId = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'project', id: projectId }, 'Change User Role');
  const userId = useIdParam('userId');
  const navigate = useNavigate();
  const project = useProject(projectId);
  const roles = useRoles();
  const change = useChangeMemberRole();
  const member = project.data?.members.find((m) => m.id === userId);
  // undefined until the user picks: the member's current role is shown preselected.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const roleId = picked === undefined ? (member?.role?.id ?? null) : picked;
  const [invalid, setInvalid] = useState(false);

  const roleOptions = useMemo(
    () => (roles.data ?? []).map((role) => ({ value: role.id, label: role.name })),
    [roles.data],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (roleId === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (projectId === null || userId === null) return;
    change.mutate(
      { projectId, userId, roleId },
      {
        onSuccess: (answer) => {
          const state: NavigationToastState = { message: answer?.message || 'Role changed successfully' };
          navigate(paths.projectDetail(projectId), { state });
        },
      },
    );
  };

  const subtitle = member && project.data ? `${member.username} in ${project.data.name}` : undefined;
  return (
    <Page title="Change User Role" subtitle={subtitle} breadcrumbs={breadcrumbs} narrow>
      <form className="form" onSubmit={submit}>
        <ErrorBox message={roles.isError ? 'Failed to load roles' : null} />
        <ErrorBox message={invalid ? 'Please select a role' : null} />
        <ErrorBox message={change.isError ? changeRoleErrorText(change.error) : null} />
        <SearchableSelect
          label="Role"
          options={roleOptions}
          value={roleId}
          onChange={(value) => {
            setPicked(value);
            if (value !== null) setInvalid(false);
          }}
          placeholder={roles.isLoading ? 'Loading...' : 'Search roles...'}
          noOptionsText={roles.isLoading ? 'Loading...' : 'No roles found'}
        />
        <FormActions>
          <Button type="submit" busy={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change Role'}
          </Button>
          <ButtonLink
            to={projectId === null ? paths.dashboard : paths.projectDetail(projectId)}
            variant="secondary"
          >
            Cancel
          </ButtonLink>
        </FormActions>
      </form>
    </Page>
  );
}
