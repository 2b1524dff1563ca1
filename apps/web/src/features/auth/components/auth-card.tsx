import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * The frame of the screens around signing in that are not the sign-in screen itself ("Forgot
 * password?" and choosing a new password): one card, centred, with the way back to sign in.
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="signin signin-single">
      <main className="signin-main">
        <div className="signin-form">
          <h1 className="signin-title">{title}</h1>
          <p className="signin-subtitle">{subtitle}</p>
          {children}
          <Link className="signin-link" to={paths.signIn}>
            Back to sign in
          </Link>
        </div>
      </main>
    </div>
  );
}
