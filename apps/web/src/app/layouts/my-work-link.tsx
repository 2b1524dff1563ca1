import { ClipboardCheckIcon } from '@/components/shell/icons';
import { SidebarLink } from '@/components/shell/sidebar-link';
import { useMyWork } from '@/entities/cycle/cycle-api';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

/**
 * 'My Work' shows to holders of home_test_cycle or execute_test_cycle, and to anyone with open
 * items assigned to them (a project role may grant those permissions in one project only).
 * Everyone else sees the sidebar as before.
 */
export function MyWorkLink() {
  const { can } = useAuth();
  const held = can('home_test_cycle') || can('execute_test_cycle');
  const work = useMyWork(!held);
  if (!held && (work.data?.items.length ?? 0) === 0) return null;
  return (
    <SidebarLink to={paths.myWork} icon={<ClipboardCheckIcon />}>
      My Work
    </SidebarLink>
  );
}
