import type { SignInMethods, TotpSetupResponse } from '@verdict/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '@/components/shell/icons';
import { Button } from '@/components/ui/button-base';
import { ErrorBox } from '@/components/ui/error-box';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { TotpCodeField, TotpKey } from '@/components/ui/totp-key';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { readSavedEmail } from '@/lib/session';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@/lib/ui-constants';
import { useDocumentTitle } from '@/lib/use-document-title';
import { loadSignInMethods, secondFactorStep, startTotpSetup } from '../api/login';
import { singleSignOnErrorText } from './single-sign-on-error';
import './sign-in-page.css';

/**
 * The reason a single sign-on came back without a session (`/?sso_error=<code>`), taken out of the
 * address so a reload does not show it again (docs/product/single-sign-on.md, "On the screen"):
 * this screen's own text for the code, never text from the address, which anyone can write.
 */
function takeSingleSignOnError(): string | null {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('sso_error');
  if (code === null) return null;
  params.delete('sso_error');
  const rest = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${rest ? `?${rest}` : ''}`,
  );
  return singleSignOnErrorText(code);
}

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
  const [error, setError] = useState<string | null>(takeSingleSignOnError);
  const [busy, setBusy] = useState(false);
  // Until the server says otherwise, the form is offered (the seed product's screen).
  const [methods, setMethods] = useState<SignInMethods>({
    password: true,
    sso: null,
    mail: false,
    passwordReset: false,
  });
  // The second factor (docs/product/two-factor.md): asked for after a right password.
  const [step, setStep] = useState<'credentials' | 'code' | 'setup'>('credentials');
  const [code, setCode] = useState('');
  const [newKey, setNewKey] = useState<TotpSetupResponse | null>(null);

  useEffect(() => {
    let current = true;
    loadSignInMethods()
      .then((answer) => {
        if (current) setMethods(answer);
      })
      .catch(() => {
        // The form stays; a server that does not answer says so when it is used.
      });
    return () => {
      current = false;
    };
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signIn({ email, password, remember, ...(step === 'credentials' ? {} : { totp: code.trim() }) });
    } catch (failure) {
      const next = secondFactorStep(failure);
      if (next === 'setup' && step !== 'setup') {
        try {
          setNewKey(await startTotpSetup(email, password));
          setStep('setup');
          setError(null);
        } catch (setupFailure) {
          setError(signInErrorText(setupFailure));
        }
      } else if (next !== null && step === 'credentials') {
        // Asked for the code: no failure yet, the field appears.
        setStep(next === 'setup' ? 'setup' : 'code');
      } else {
        setError(signInErrorText(failure));
      }
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const startOver = () => {
    setStep('credentials');
    setCode('');
    setNewKey(null);
    setError(null);
  };

  const sso = methods.sso;
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
        <div className="signin-form">
          <h1 className="signin-title">Welcome Back</h1>
          <p className="signin-subtitle">Login to your account</p>
          <ErrorBox message={error} />
          {methods.password ? (
            <form className="signin-fields" onSubmit={onSubmit}>
              {step === 'credentials' ? (
                <>
                  <InputField
                    label="Email"
                    type="email"
                    name="email"
                    autoComplete="username"
                    placeholder="Enter your email"
                    required
                    // The screen is there to be filled in: the first empty field takes the cursor
                    // (the password when Remember Me kept the email; decision record 182).
                    autoFocus={savedEmail === null}
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
                    autoFocus={savedEmail !== null}
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                  <CheckboxField
                    label="Remember Me"
                    name="remember"
                    checked={remember}
                    onChange={(event) => setRemember(event.target.checked)}
                  />
                </>
              ) : (
                <>
                  {step === 'setup' && newKey ? (
                    <>
                      <p className="signin-note">
                        Administrators need two-factor authentication here. Add this key to an authenticator
                        app, then enter the 6-digit code it shows.
                      </p>
                      <TotpKey secret={newKey.secret} uri={newKey.uri} />
                    </>
                  ) : (
                    <p className="signin-note">
                      Enter the 6-digit code from your authenticator app for {email}.
                    </p>
                  )}
                  <TotpCodeField value={code} onChange={setCode} autoFocus />
                </>
              )}
              <Button type="submit" className="signin-submit" busy={busy}>
                {step === 'credentials' ? 'Login' : 'Verify'}
              </Button>
              {step !== 'credentials' ? (
                <button type="button" className="signin-link" onClick={startOver}>
                  Use another account
                </button>
              ) : methods.passwordReset ? (
                // Only where the server sends e-mail (docs/product/sign-in-and-sessions.md).
                <Link className="signin-link" to={paths.forgotPassword}>
                  Forgot password?
                </Link>
              ) : null}
            </form>
          ) : null}
          {sso ? (
            <>
              {methods.password ? (
                <p className="signin-or">
                  <span>or</span>
                </p>
              ) : null}
              <a className="btn btn-secondary signin-sso" href={sso.startUrl}>
                Sign in with {sso.name}
              </a>
            </>
          ) : null}
        </div>
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
