import { Button, ButtonLink } from '@/components/ui/button';
import './admin.css';

export interface RowActionsProps {
  /** Where Edit goes; omit when the user lacks the edit permission. */
  editTo?: string | undefined;
  /** Omit when the user lacks the delete permission. */
  onDelete?: (() => void) | undefined;
  deleting?: boolean;
}

/** The Action cell of the admin lists: Edit and Delete, each shown only when allowed. */
export function RowActions({ editTo, onDelete, deleting = false }: RowActionsProps) {
  if (!editTo && !onDelete) return null;
  return (
    <div className="table-actions admin-row-actions">
      {editTo ? (
        <ButtonLink to={editTo} variant="secondary" size="sm">
          Edit
        </ButtonLink>
      ) : null}
      {onDelete ? (
        <Button variant="danger" size="sm" onClick={onDelete} busy={deleting}>
          Delete
        </Button>
      ) : null}
    </div>
  );
}
