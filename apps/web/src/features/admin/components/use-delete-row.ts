import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { focusPageHeading } from '@/lib/focus-heading';

export interface DeleteRowOptions<Row> {
  /** The name the dialog and the success toast show, e.g. the username. */
  nameOf: (row: Row) => string;
  /** Calls the server; the mutation also drops the row from the cached list. */
  remove: (row: Row) => Promise<unknown>;
  successText: (name: string) => string;
  /**
   * The list's fixed words, e.g. 'Failed to delete user'; the toast adds the warning sign
   * (docs/product/admin-screens.md, "The four lists").
   */
  failureText: string;
}

/**
 * The delete flow shared by the four admin lists (docs/product/admin-screens.md, "The four
 * lists"): the confirm dialog
 * ('Do you really want to delete {name}?'), then the call, then a toast either way.
 * `pendingId` is the row being deleted, so its button can show it is busy.
 */
export function useDeleteRow<Row extends { id: number }>({
  nameOf,
  remove,
  successText,
  failureText,
}: DeleteRowOptions<Row>) {
  const confirm = useConfirm();
  const { show } = useToast();
  const [pendingId, setPendingId] = useState<number | null>(null);

  const request = async (row: Row) => {
    const name = nameOf(row);
    if (!(await confirm({ text: `Do you really want to delete ${name}?` }))) return;
    setPendingId(row.id);
    try {
      await remove(row);
      show(successText(name));
      // The focused Delete button went with its row; the list's heading takes focus instead.
      focusPageHeading();
    } catch (error) {
      // The toast shows the list's fixed words (docs/product/admin-screens.md, "The four lists");
      // the server's reason (e.g. a role still held) goes to the console.
      console.error(failureText, error);
      show(failureText, 'error');
    } finally {
      setPendingId(null);
    }
  };

  return { request, pendingId };
}
