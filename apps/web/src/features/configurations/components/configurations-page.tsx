import type { ConfigurationGroup } from '@verdict/contract';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useConfigurationGroups } from '@/entities/configuration/configuration-groups';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { useIdParam } from '@/lib/route-params';
import { useConfigurationGroupMutations } from '../api/configuration-groups';
import { BLANK_GROUP, createBodyOf, formValuesOf, updateBodyOf } from '../group-form-values';
import { GroupDialog } from './group-dialog';
import { GroupList } from './group-list';
import './configurations.css';

const TITLE = 'Configurations';

/** Which dialog is open: a new group, or the group being edited. */
type Editing = { group: ConfigurationGroup | null } | null;

/**
 * /projects/{id}/configurations: the project's configuration groups with their configurations;
 * holders of edit_project add, change and delete them (docs/product/milestones.md, "The
 * configurations screen"). Whoever sees the project may read them.
 */
export function ConfigurationsPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const groups = useConfigurationGroups(projectId);
  const [editing, setEditing] = useState<Editing>(null);

  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const manage = !loading && can('edit_project');
  let body: ReactNode;
  if (groups.isError)
    body = (
      <LoadFailed
        what="the configuration groups"
        error={groups.error}
        onRetry={() => void groups.refetch()}
      />
    );
  else if (!groups.data) body = <p>Loading configuration groups...</p>;
  else
    body = (
      <GroupList
        projectId={projectId}
        groups={groups.data}
        manage={manage}
        onEdit={(group) => setEditing({ group })}
      />
    );

  return (
    <Page
      title={TITLE}
      subtitle={project.data?.name}
      breadcrumbs={breadcrumbs}
      actions={manage ? <Button onClick={() => setEditing({ group: null })}>New Group</Button> : null}
      card={false}
      narrow
    >
      <Card title="Configuration groups">{body}</Card>
      {!manage && !loading ? (
        <p>You need the edit_project permission to change this project's configurations.</p>
      ) : null}
      {editing ? (
        <SaveGroup projectId={projectId} group={editing.group} onClose={() => setEditing(null)} />
      ) : null}
    </Page>
  );
}

/** The dialog of a new group (`group` null) or of an existing one, saving through the server. */
function SaveGroup({
  projectId,
  group,
  onClose,
}: {
  projectId: number;
  group: ConfigurationGroup | null;
  onClose: () => void;
}) {
  const { create, update } = useConfigurationGroupMutations(projectId);
  const { show } = useToast();
  const mutation = group ? update : create;
  const close = () => {
    mutation.reset();
    onClose();
  };
  const onSuccess = (answer: { message: string }) => {
    show(answer.message);
    close();
  };
  return (
    <GroupDialog
      editing={group !== null}
      initial={group ? formValuesOf(group) : BLANK_GROUP}
      busy={mutation.isPending}
      error={mutation.error}
      onClose={close}
      onSubmit={(values) =>
        group
          ? update.mutate({ id: group.id, body: updateBodyOf(group, values) }, { onSuccess })
          : create.mutate(createBodyOf(values), { onSuccess })
      }
    />
  );
}
