import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, ConfirmProvider, useConfirm } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('renders nothing while closed', () => {
    render(<ConfirmDialog open={false} text="x" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a labelled modal with the default texts and focus on cancel', () => {
    render(
      <ConfirmDialog
        open
        text="Do you really want to delete alice?"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Do you really want to delete alice?')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, Cancel' }));
    expect(screen.getByRole('button', { name: 'Yes, Delete' })).toBeTruthy();
  });

  it('takes other texts', () => {
    render(
      <ConfirmDialog
        open
        title="Remove member?"
        text="Do you really want to remove this user from the project?"
        confirmLabel="Yes, Remove"
        cancelLabel="Keep"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Remove member?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes, Remove' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy();
  });

  it('confirms, cancels, and cancels on Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open text="x" onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'No, Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outside</button>
        <ConfirmDialog open text="x" onConfirm={() => {}} onCancel={() => {}} />
      </>,
    );
    const cancel = screen.getByRole('button', { name: 'No, Cancel' });
    const confirm = screen.getByRole('button', { name: 'Yes, Delete' });
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('returns focus to the opener when it closes', async () => {
    const user = userEvent.setup();
    render(<OpenerHarness />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });
});

describe('useConfirm', () => {
  it('resolves true on confirm and false on cancel', async () => {
    const user = userEvent.setup();
    const onResult = vi.fn();
    render(
      <ConfirmProvider>
        <ConfirmHarness onResult={onResult} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete bob' }));
    expect(screen.getByText('Do you really want to delete bob?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(onResult).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete bob' }));
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    expect(onResult).toHaveBeenLastCalledWith(false);
  });
});

function OpenerHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog open={open} text="x" onConfirm={() => {}} onCancel={() => setOpen(false)} />
    </>
  );
}

function ConfirmHarness({ onResult }: { onResult: (confirmed: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={async () => onResult(await confirm({ text: 'Do you really want to delete bob?' }))}
    >
      Delete bob
    </button>
  );
}
