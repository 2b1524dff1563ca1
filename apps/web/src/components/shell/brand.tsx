import { PRODUCT_NAME } from '@verdict/contract';
import { Link } from 'react-router';
import { LogoMark } from './icons';

/** The product name in the header, linking home. */
export function Brand({ to = '/dashboard' }: { to?: string }) {
  return (
    <Link to={to} className="brand">
      <LogoMark />
      <span className="brand-name">{PRODUCT_NAME}</span>
    </Link>
  );
}
