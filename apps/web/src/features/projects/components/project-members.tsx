import type { ProjectDetail, ProjectMember } from '@verdict/contract';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DataList, type DataListColumn } from '@/components/ui/data-list';
import { Card } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import type { ProjectPermissions } from '@/entities/project/project-permissions';
import { focusPageHeading } from '@/lib/focus-heading';
import { paths } from '@/lib/paths';
import { SR_NO_COLUMN_WIDTH } from '@/lib/ui-constants';
import { useUrlListState } from '@/lib/use-url-list-state';
import { useRemoveMember } from '../api/member-mutations';

export interface ProjectMembersProps {
  project: ProjectDetail;
  can: ProjectPermissions['can'];
}

/** 'Project Members': Sr No, Username, Email, Action (Change Role, Remove); 8 rows a page. */
export function ProjectMembers({ project, can }: ProjectMembersProps) {
  const confirm = useConfirm();
  const { show } = useToast();
  const remove = useRemoveMember(project.id);
  // The project page's other lists page with `?suites=` and `?cases=`.
  const listState = useUrlListState({ queryParam: 'members_q', pageParam: 'members' });
  const [error, setError] = useState<string | null>(null);

  const onRemove = async (member: ProjectMember) => {
    setError(null);
    const yes = await confirm({
      text: 'Do you really want to remove this user from the project?',
      confirmLabel: 'Yes, Remove',
    });
    if (!yes) return;
    remove.mutate(member.id, {
      onSuccess: (answer) => {
        show(answer?.message ?? 'User removed from project successfully');
        // The focused Remove button went with its row (docs/product/errors-and-keyboard.md, "Focus").
        focusPageHeading();
      },
      onError: () => setError('Failed to remove user'),
    });
  };

  const columns: DataListColumn<ProjectMember>[] = [
    { key: 'username', header: 'Username', render: (member) => member.username },
    { key: 'email', header: 'Email', render: (member) => member.email },
  ];
  if (can('change_user_role_in_project') || can('remove_user_from_project')) {
    columns.push({
      key: 'action',
      header: 'Action',
      render: (member) => (
        <div className="table-actions">
          {can('change_user_role_in_project') ? (
            <ButtonLink
              to={paths.projectChangeRole(project.id, member.id)}
              size="sm"
              variant="secondary"
              aria-label={`Change Role of ${member.username}`}
            >
              Change Role
            </ButtonLink>
          ) : null}
          {can('remove_user_from_project') ? (
            <Button
              size="sm"
              variant="danger"
              aria-label={`Remove ${member.username}`}
              disabled={remove.isPending && remove.variables === member.id}
              onClick={() => onRemove(member)}
            >
              Remove
            </Button>
          ) : null}
        </div>
      ),
    });
  }

  return (
    <Card title="Project Members">
      <DataList
        label="Project Members"
        columns={columns}
        rows={project.members}
        rowKey={(member) => member.id}
        emptyText="No members found"
        state={listState}
        error={error}
        indexColumn={{ header: 'Sr No', width: SR_NO_COLUMN_WIDTH }}
      />
    </Card>
  );
}
