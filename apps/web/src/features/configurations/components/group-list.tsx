import type { ConfigurationGroup } from '@verdict/contract';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { focusPageHeading } from '@/lib/focus-heading';
import { formatCount } from '@/lib/format-number';
import { useConfigurationGroupMutations } from '../api/configuration-groups';

interface GroupListProps {
  projectId: number;
  groups: readonly ConfigurationGroup[];
  /** Edit and Delete for holders of edit_project. */
  manage: boolean;
  onEdit: (group: ConfigurationGroup) => void;
}

const configurationsText = (count: number) =>
  count === 1 ? '1 configuration' : `${formatCount(count)} configurations`;

/** The project's groups in the order they were made, each with its configurations as chips. */
export function GroupList({ projectId, groups, manage, onEdit }: GroupListProps) {
  const { remove } = useConfigurationGroupMutations(projectId);
  const confirm = useConfirm();
  const { show } = useToast();

  if (groups.length === 0)
    return (
      <p>
        No configuration groups yet. A group names what a release is tested on, such as Browser: Chrome,
        Firefox, Safari.
      </p>
    );

  const onDelete = async (group: ConfigurationGroup) => {
    const count = group.configurations.length;
    const confirmed = await confirm({
      text:
        count === 0
          ? `Delete the configuration group "${group.name}"?`
          : `Delete the configuration group "${group.name}"? Its ${configurationsText(count)} are deleted with it; test cycles made with them keep their names but no longer list them.`,
      confirmLabel: 'Yes, Delete',
    });
    if (!confirmed) return;
    remove.mutate(group.id, {
      onSuccess: (answer) => {
        show(answer.message);
        focusPageHeading();
      },
      onError: (error) => show(errorText(error, 'Failed to delete the configuration group'), 'error'),
    });
  };

  return (
    <ul className="configuration-groups" aria-label="Configuration groups">
      {groups.map((group) => (
        <li key={group.id} className="configuration-group">
          <div className="configuration-group-head">
            <h3 className="configuration-group-name">{group.name}</h3>
            {manage ? (
              <div className="configuration-group-actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onEdit(group)}
                  aria-label={`Edit ${group.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => void onDelete(group)}
                  aria-label={`Delete ${group.name}`}
                >
                  Delete
                </Button>
              </div>
            ) : null}
          </div>
          {group.configurations.length > 0 ? (
            <ul className="configuration-chips" aria-label={`Configurations of ${group.name}`}>
              {group.configurations.map((configuration) => (
                <li key={configuration.id} className="chip configuration-chip">
                  {configuration.name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="configuration-none">No configurations yet.</p>
          )}
        </li>
      ))}
    </ul>
  );
}
