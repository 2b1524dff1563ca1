import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Can } from '@/components/can';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { Brand } from './brand';

/**
 * Main header content (after the toggle): product name, the `bell` the app composes in (the
 * notifications feature's), and the 'Admin' pill.
 */
export function MainHeader({ bell }: { bell?: ReactNode }) {
  const { user } = useAuth();
  const initial = user?.name.trim().charAt(0).toUpperCase() || 'A';
  return (
    <>
      <Brand />
      <div className="header-actions">
        {bell}
        <Can permission="manage_admin_panel">
          <Link to={paths.adminDashboard} className="admin-pill">
            <span className="admin-pill-initial" aria-hidden="true">
              {initial}
            </span>
            <span>Admin</span>
          </Link>
        </Can>
      </div>
    </>
  );
}
