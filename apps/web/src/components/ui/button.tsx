import { Link, type LinkProps } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-base';

export * from './button-base';

export type ButtonLinkProps = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A router link that looks like a button, e.g. 'Add User' → /admin-create-user. */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size }, className)} {...rest} />;
}
