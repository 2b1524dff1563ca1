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
import { useAddMember } from '../api/member-mutations';
import { useRoles, useUsers } from '../api/users-and-roles';

/** /projects/{id}/add-user: pick a user and a role (both required), then back to the project. */
export function ProjectAddUserPage() {
  const projectId = useIdParam();
  const breadcrumbs = useScreenTrail({ type: 'project', id: projectId }, 'Add User to Project');
  const navigate = useNavigate();
  const project = useProject(projectId);
  const users = useUsers();
  const roles = useRoles();
  const add = useAddMember();
  const [userId, setUserId] = useState<number | null>(null);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);

  // Members already in the project are left out when the members list is visible to us.
  const userOptions = useMemo(() => {
    const memberIds = new Set(project.data?.members.map((member) => member.id));
    return (users.data ?? [])
      .filter((user) => !memberIds.has(user.id))
      .map((user) => ({ value: user.id, label: user.username, hint: user.email }));
  }, [users.data, project.data]);
  const roleOptions = useMemo(
    () => (roles.data ?? []).map((role) => ({ value: role.id, label: role.name })),
    [roles.data],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (projectId === null || add.isPending) return;
    if (userId === null || roleId === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    add.mutate(
      { projectId, userId, roleId },
      {
        onSuccess: (answer) => {
          const state: NavigationToastState = {
            message: answer?.message ?? 'User added to project successfully',
          };
          navigate(paths.projectDetail(projectId), { state });
        },
      },
    );
  };

  const loading = users.isLoading || roles.isLoading;
  return (
    <Page title="Add User to Project" subtitle={project.data?.name} breadcrumbs={breadcrumbs} narrow>
      <form className="form" onSubmit={submit}>
        <ErrorBox message={users.isError || roles.isError ? 'Failed to load users or roles' : null} />
        <ErrorBox message={invalid ? 'Please select both user and role' : null} />
        <ErrorBox message={add.isError ? 'Failed to add user' : null} error={add.error} />
        <SearchableSelect
          label="User"
          options={userOptions}
          value={userId}
          onChange={setUserId}
          placeholder={loading ? 'Loading...' : 'Search users...'}
          noOptionsText={users.isLoading ? 'Loading...' : 'No users found'}
        />
        <SearchableSelect
          label="Role"
          options={roleOptions}
          value={roleId}
          onChange={setRoleId}
          placeholder={loading ? 'Loading...' : 'Search roles...'}
          noOptionsText={roles.isLoading ? 'Loading...' : 'No roles found'}
        />
        <FormActions>
          <Button type="submit" busy={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add User'}
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
