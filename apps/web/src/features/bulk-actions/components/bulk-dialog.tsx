import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';

export interface BulkDialogProps {
  title: string;
  /** The form: its fields, then its buttons. */
  children: ReactNode;
  /** Escape or a click on the backdrop; not while the action runs. */
  onClose: () => void;
  busy: boolean;
}

/**
 * A bulk action's modal dialog (components/ui/modal.tsx): focus moves to its first control, and
 * returns to the bar's button when it closes.
 */
export function BulkDialog({ title, children, onClose, busy }: BulkDialogProps) {
  return (
    <Modal title={title} onClose={onClose} busy={busy} className="bulk-dialog">
      {children}
    </Modal>
  );
}
