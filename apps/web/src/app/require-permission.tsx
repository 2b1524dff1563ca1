import type { PermissionName } from '@verdict/contract';
import type { ReactNode } from 'react';
import { AccessDenied } from '@/components/ui/access-denied';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth';

export interface ScreenAccess {
  /** The permission the screen needs (docs/product/errors-and-keyboard.md, "No access"). */
  permission: PermissionName;
  /** The screen's title, kept as the heading of the access message. */
  title: string;
}

/**
 * Shows the screen only to holders of its permission; others see the screen's title and a
 * message naming the permission, instead of zeros or a form the server will refuse.
 */
export function RequirePermission({ permission, title, children }: ScreenAccess & { children: ReactNode }) {
  const { can } = useAuth();
  if (can(permission)) return children;
  return (
    <Page title={title} narrow>
      <AccessDenied permission={permission} />
    </Page>
  );
}
