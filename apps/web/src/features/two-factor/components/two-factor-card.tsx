import type { TotpSetupResponse } from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Card } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { TotpCodeField, TotpKey } from '@/components/ui/totp-key';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';
import './two-factor.css';

/**
 * "Two-factor authentication" on the reader's own page (docs/product/two-factor.md, "Turning it
 * on and off"): set up with the password, a QR code and a first code; turned off with the
 * password, unless administrators must keep it.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  return (
    <Card title="Two-factor authentication">
      {status.isPending ? (
        <p className="muted">Loading…</p>
      ) : status.isError ? (
        <LoadFailed
          what="two-factor authentication"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : status.data.enabled ? (
        <TurnOff required={status.data.required} />
      ) : (
        <TurnOn required={status.data.required} />
      )}
    </Card>
  );
}

function TurnOn({ required }: { required: boolean }) {
  const { show } = useToast();
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [key, setKey] = useState<TotpSetupResponse | null>(null);

  const onStart = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    start.mutate(
      { password },
      {
        onSuccess: (answer) => {
          setPassword('');
          setKey(answer);
        },
      },
    );
  };
  const onEnable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    enable.mutate(
      { code: code.trim() },
      {
        onSuccess: () => show('Two-factor authentication is on'),
        onError: () => setCode(''),
      },
    );
  };

  if (key) {
    return (
      <form className="form two-factor-form" onSubmit={onEnable}>
        <p>Add this key to an authenticator app, then enter the 6-digit code it shows.</p>
        <TotpKey secret={key.secret} uri={key.uri} />
        <ErrorBox
          message={
            enable.isError ? errorText(enable.error, 'Failed to turn on two-factor authentication') : null
          }
        />
        <TotpCodeField value={code} onChange={setCode} />
        <div className="form-actions">
          <Button type="submit" busy={enable.isPending}>
            Turn On
          </Button>
          <Button type="button" variant="secondary" onClick={() => setKey(null)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form className="form two-factor-form" onSubmit={onStart}>
      <p>
        Off. {required ? 'Administrators must turn it on before their next sign-in. ' : ''}With it on, signing
        in with your password also asks for a code from an authenticator app on your phone.
      </p>
      <ErrorBox message={boxError(start.error, 'Failed to start setting up')} />
      <CurrentPasswordField value={password} onChange={setPassword} error={wrongPassword(start.error)} />
      <div className="form-actions">
        <Button type="submit" busy={start.isPending}>
          Set Up
        </Button>
      </div>
    </form>
  );
}

function TurnOff({ required }: { required: boolean }) {
  const { show } = useToast();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  if (required) {
    return <p>On. Administrators must keep it on here.</p>;
  }
  return (
    <form
      className="form two-factor-form"
      onSubmit={(event) => {
        event.preventDefault();
        disable.mutate(
          { password },
          {
            onSuccess: () => show('Two-factor authentication is off'),
            onSettled: () => setPassword(''),
          },
        );
      }}
    >
      <p>On: signing in with your password also asks for a code from your authenticator app.</p>
      <ErrorBox message={boxError(disable.error, 'Failed to turn off two-factor authentication')} />
      <CurrentPasswordField value={password} onChange={setPassword} error={wrongPassword(disable.error)} />
      <div className="form-actions">
        <Button type="submit" variant="danger" busy={disable.isPending}>
          Turn Off
        </Button>
      </div>
    </form>
  );
}

/** What the server said about the current password, shown at its field. */
const wrongPassword = (error: unknown): string | null => fieldErrorsOf(error).currentPassword ?? null;

/** Any other failure, in the box above the form. */
function boxError(error: unknown, fallback: string): string | null {
  if (!error || wrongPassword(error)) return null;
  return errorText(error, fallback);
}

/** The password again, before the second factor changes: a session alone cannot change it. */
function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (password: string) => void;
  error: string | null;
}) {
  return (
    <InputField
      label="Current password"
      type="password"
      autoComplete="current-password"
      required
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
