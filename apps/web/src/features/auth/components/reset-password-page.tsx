import { LIMITS } from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button-base';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { signInErrorText } from './sign-in-page';
import './sign-in-page.css';

/**
 * The token of the e-mailed link, taken out of the address at once, so it is not kept in the
 * history or sent on as a Referer by a link followed from this screen.
 */
function takeToken(): string {
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token') ?? '';
  if (params.has('token')) {
    params.delete('token');
    const rest = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${rest ? `?${rest}` : ''}`,
    );
  }
  return token;
}

/**
 * '/reset-password?token=…' (docs/product/sign-in-and-sessions.md, "Forgot password"): the new
 * password, twice; then the way to sign in with it.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [token] = useState(takeToken);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    token ? null : 'This page needs the link from the e-mail; ask for a new one',
  );
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (password !== again) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      setDone((await confirmPasswordReset(token, password)).message);
    } catch (failure) {
      setError(signInErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Password changed" subtitle="Every other session of your account was signed out">
        <p className="signin-note" role="status">
          {done}
        </p>
        <Link className="btn btn-primary signin-submit" to={paths.signIn}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="The link from the e-mail works once, for an hour">
      <ErrorBox message={error}>
        {token ? null : (
          <Link className="signin-link" to={paths.forgotPassword}>
            Ask for a new link
          </Link>
        )}
      </ErrorBox>
      {token ? (
        <form className="signin-fields" onSubmit={onSubmit}>
          <InputField
            label="New password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            autoFocus
            minLength={LIMITS.passwordMin}
            maxLength={LIMITS.passwordMax}
            hint={`At least ${LIMITS.passwordMin} characters`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <InputField
            label="Repeat the new password"
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            required
            error={mismatch ? 'The two passwords differ' : undefined}
            value={again}
            onChange={(event) => setAgain(event.target.value)}
          />
          <Button type="submit" className="signin-submit" busy={busy}>
            Set new password
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
}
