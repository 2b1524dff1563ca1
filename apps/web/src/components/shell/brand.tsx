import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { PRODUCT_NAME } from '@/lib/ui-constants';
import { LogoMark } from './icons';

/** The product name in the header, linking home. */
export function Brand({ to = paths.dashboard }: { to?: string }) {
  return (
    <Link to={to} className="brand">
      <LogoMark />
      <span className="brand-name">{PRODUCT_NAME}</span>
    </Link>
  );
}
