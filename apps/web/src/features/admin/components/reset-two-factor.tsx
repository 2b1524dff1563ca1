import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { useResetTwoFactor } from '../api/reset-two-factor';

/**
 * Under Edit User: turning off another user's two-factor authentication when they lost their
 * authenticator app (docs/product/two-factor.md, "A lost phone").
 */
export function ResetTwoFactor({ userId, email }: { userId: number; email: string }) {
  const reset = useResetTwoFactor();
  const confirm = useConfirm();
  const { show } = useToast();
  const onReset = async () => {
    const confirmed = await confirm({
      text: `Turn off two-factor authentication for ${email}? They sign in with their password alone until they set it up again.`,
      confirmLabel: 'Yes, Turn Off',
    });
    if (!confirmed) return;
    reset.mutate(userId, {
      onSuccess: () => show(`Two-factor authentication turned off for ${email}`),
      onError: (error) => show(errorText(error, 'Failed to turn off two-factor authentication'), 'error'),
    });
  };
  return (
    <section className="form reset-two-factor" aria-labelledby="reset-two-factor-title">
      <h2 id="reset-two-factor-title" className="card-title">
        Two-factor authentication
      </h2>
      <p className="muted">
        If this user lost their authenticator app, turn it off so they can sign in again.
      </p>
      <div className="form-actions">
        <Button type="button" variant="secondary" busy={reset.isPending} onClick={() => void onReset()}>
          Turn Off Two-Factor
        </Button>
      </div>
    </section>
  );
}
