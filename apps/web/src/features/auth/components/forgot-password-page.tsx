import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button-base';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { useDocumentTitle } from '@/lib/use-document-title';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { signInErrorText } from './sign-in-page';
import './sign-in-page.css';

/**
 * '/forgot-password' (docs/product/sign-in-and-sessions.md, "Forgot password"): the account's
 * email, then the server's answer, which is the same whether or not the address has an account.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      setSent((await requestPasswordReset(email.trim())).message);
    } catch (failure) {
      setError(signInErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot password?" subtitle="We will e-mail you a link to choose a new one">
      <ErrorBox message={error} />
      {sent ? (
        <p className="signin-note" role="status">
          {sent}
        </p>
      ) : (
        <form className="signin-fields" onSubmit={onSubmit}>
          <InputField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            placeholder="Enter your email"
            required
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" className="signin-submit" busy={busy}>
            Send link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
