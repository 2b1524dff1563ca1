import { type FormEvent, useState } from 'react';
import { LogoMark } from '@/components/shell/icons';
import { Button } from '@/components/ui/button-base';
import { ErrorBox } from '@/components/ui/error-box';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { readSavedEmail } from '@/lib/session';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@/lib/ui-constants';
import { useDocumentTitle } from '@/lib/use-document-title';
import './sign-in-page.css';

/**
 * The server's message when it answered, else that it did not answer
 * (docs/product/sign-in-and-sessions.md, "Errors on the screen").
 */
export function signInErrorText(error: unknown): string {
  if (error instanceof ApiError && error.hasResponse) return error.serverMessage ?? error.reason;
  return 'Server is not responding';
}

/**
 * '/' (docs/product/sign-in-and-sessions.md, "The sign-in screen (`/`)"). On success the route
 * guard around this screen moves on to
 * the last route or /dashboard; a visitor who already has a session never sees it.
 */
export function SignInPage() {
  const { signIn } = useAuth();
  useDocumentTitle('Sign in');
  const [savedEmail] = useState(readSavedEmail);
  const [email, setEmail] = useState(savedEmail ?? '');
  // Never filled from storage: the browser's password manager fills it (autocomplete below).
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(savedEmail !== null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signIn({ email, password, remember });
    } catch (failure) {
      setError(signInErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="signin">
      <aside className="signin-brand">
        <div className="signin-brand-inner">
          <div className="signin-logo">
            <LogoMark />
            <span className="signin-product">{PRODUCT_NAME}</span>
          </div>
          <p className="signin-tagline">{PRODUCT_TAGLINE}</p>
          <BrandIllustration />
        </div>
      </aside>
      <main className="signin-main">
        <form className="signin-form" onSubmit={onSubmit}>
          <h1 className="signin-title">Welcome Back</h1>
          <p className="signin-subtitle">Login to your account</p>
          <ErrorBox message={error} />
          <InputField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            placeholder="Enter your email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <InputField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <CheckboxField
            label="Remember Me"
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Button type="submit" className="signin-submit" busy={busy}>
            Login
          </Button>
        </form>
      </main>
    </div>
  );
}

/** A stylised run list: decoration only. */
function BrandIllustration() {
  const rows = [
    { width: 150, passed: true },
    { width: 120, passed: true },
    { width: 170, passed: false },
    { width: 135, passed: true },
  ];
  return (
    <svg className="signin-illustration" viewBox="0 0 280 200" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="280" height="200" rx="16" fill="rgba(255,255,255,0.12)" />
      {rows.map((row, i) => (
        <g key={row.width} transform={`translate(24 ${28 + i * 40})`}>
          <circle cx="10" cy="10" r="10" fill={row.passed ? '#16a34a' : '#dc2626'} />
          <path
            d={row.passed ? 'M5 10.5l3.5 3.5L15 7' : 'M6 6l8 8M14 6l-8 8'}
            stroke="#fff"
            strokeWidth="2.4"
            strokeLinecap="round"
            fill="none"
          />
          <rect x="34" y="4" width={row.width} height="12" rx="6" fill="rgba(255,255,255,0.55)" />
        </g>
      ))}
    </svg>
  );
}
