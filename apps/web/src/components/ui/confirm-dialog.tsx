import { createContext, type ReactNode, useCallback, useContext, useId, useRef, useState } from 'react';
import { Modal } from './modal';

export interface ConfirmOptions {
  /** Default 'Are you sure?'. */
  title?: ReactNode;
  /** E.g. 'Do you really want to delete {name}?'. */
  text: ReactNode;
  /** Default 'Yes, Delete'. */
  confirmLabel?: string;
  /** Default 'No, Cancel'. */
  cancelLabel?: string;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
}

/**
 * A modal confirmation (components/ui/modal.tsx): focus moves to the cancel button, Escape or a
 * click on the backdrop cancels.
 */
export function ConfirmDialog({ open, ...props }: ConfirmDialogProps) {
  return open ? <OpenConfirmDialog {...props} /> : null;
}

function OpenConfirmDialog({
  title = 'Are you sure?',
  text,
  confirmLabel = 'Yes, Delete',
  cancelLabel = 'No, Cancel',
  onConfirm,
  onCancel,
  busy = false,
}: Omit<ConfirmDialogProps, 'open'>) {
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={title}
      onClose={onCancel}
      busy={busy}
      initialFocus={cancelRef}
      describedBy={textId}
      before={
        <div className="modal-icon" aria-hidden="true">
          !
        </div>
      }
    >
      <div className="modal-text" id={textId}>
        {text}
      </div>
      <div className="modal-actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          onClick={onCancel}
          disabled={busy}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

interface PendingConfirm {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Hosts the one dialog that `useConfirm()` opens. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const pendingRef = useRef<PendingConfirm | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    pendingRef.current?.resolve(confirmed);
    pendingRef.current = null;
    setPending(null);
  }, []);

  const confirm = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A second request replaces the first, which counts as cancelled.
        pendingRef.current?.resolve(false);
        pendingRef.current = { options, resolve };
        setPending(pendingRef.current);
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={pending !== null}
        text=""
        {...pending?.options}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </ConfirmContext.Provider>
  );
}

/**
 * `const confirm = useConfirm(); if (await confirm({ text: `Do you really want to delete ${name}?` }))`
 * resolves true on 'Yes, Delete', false on 'No, Cancel', Escape or a backdrop click.
 */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() must be used inside <ConfirmProvider>');
  return confirm;
}
