// The global stylesheet first, so screen stylesheets imported later can refine it.
import '@/styles/global.css';
import { paths } from '@/lib/paths';
import { readSession, takeSingleSignOnSession } from '@/lib/session';

/**
 * A visitor without a session at '/' gets the sign-in screen alone: React and the form, not the
 * router, the query cache and the screens (docs/product/sign-in-and-sessions.md, "What the
 * sign-in screen loads"). Everyone else, and the visitor once signed in, gets the whole app.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Back from single sign-on with a session in the address: keep it, then start as signed in.
takeSingleSignOnSession();

const startApp = () => import('./app-entry').then(({ mountApp }) => mountApp(container));

if (window.location.pathname === paths.signIn && !readSession()) {
  void import('./sign-in-entry').then(({ mountSignIn }) => mountSignIn(container, startApp));
} else {
  void startApp();
}
