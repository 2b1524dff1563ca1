import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { KeyIcon, SlidersIcon } from './icons';
import { LogoutButton } from './logout-button';
import { ThemeToggle } from './theme-toggle';

/**
 * The reader's own controls: the theme, 'Notification settings' and 'API Tokens' (main area only)
 * and 'Logout'. The frame shows them in the header on wide screens and in the drawer on a phone,
 * where the header has no room (docs/product/shell-and-navigation.md, "Phone widths").
 */
export function AccountActions({ apiTokens = false }: { apiTokens?: boolean }) {
  return (
    <>
      <ThemeToggle />
      {apiTokens ? (
        // In the header the icon stands for the words, as the moon does for the theme.
        <Link
          to={paths.notificationSettings}
          className="btn btn-ghost header-button"
          title="Notification settings"
        >
          <SlidersIcon />
          <span className="account-action-text">Notification settings</span>
        </Link>
      ) : null}
      {apiTokens ? (
        <Link to={paths.apiTokens} className="btn btn-ghost header-button">
          <KeyIcon />
          <span>API Tokens</span>
        </Link>
      ) : null}
      <LogoutButton />
    </>
  );
}
