import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { Brand } from './brand';
import { ArrowLeftIcon } from './icons';

/**
 * Admin header content (after the toggle): product name with an 'Admin Panel' tag, and 'Back';
 * the frame adds the account controls with 'Logout'.
 */
export function AdminHeader() {
  const navigate = useNavigate();
  return (
    <>
      <Brand to={paths.adminDashboard} />
      <span className="header-tag">Admin Panel</span>
      <div className="header-actions">
        <button
          type="button"
          className="btn btn-ghost header-button"
          onClick={() => navigate(paths.dashboard)}
        >
          <ArrowLeftIcon />
          <span>Back</span>
        </button>
      </div>
    </>
  );
}
