import { useState } from 'react';
import { useAuth } from '@/lib/auth';
import { LogoutIcon } from './icons';

/**
 * Logs out (server call, then client cleared whatever happens). The route guard then sends the
 * visitor to '/', so no navigation happens here.
 */
export function LogoutButton() {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost header-button"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      <LogoutIcon />
      <span>Logout</span>
    </button>
  );
}
