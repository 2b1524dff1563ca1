import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { useMyWork } from '@/entities/cycle/cycle-api';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { useAuth } from '@/lib/auth';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';

/** Items the card lists; 'All my work' opens the rest. */
const SHOWN = 5;

/**
 * "My work" on the dashboard (docs/product/dashboard.md): the first of the caller's open items
 * (untested or blocked, assigned to them, in open cycles), each opening its execution view. Shown
 * to whom the sidebar shows 'My Work': holders of home_test_cycle or execute_test_cycle, and
 * anyone with items assigned.
 */
export function MyWorkCard() {
  const { can } = useAuth();
  const work = useMyWork();
  const items = work.data?.items ?? [];
  if (!can('home_test_cycle') && !can('execute_test_cycle') && items.length === 0) return null;
  return (
    <Card title="My work" className="dashboard-card dashboard-my-work">
      {work.isLoading ? (
        <Loading text="Loading your work..." />
      ) : work.isError && !work.data ? (
        <LoadFailed what="your work" error={work.error} onRetry={() => void work.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted">Nothing is assigned to you.</p>
      ) : (
        <>
          <p className="dashboard-card-lead">
            {formatCount(items.length)} {items.length === 1 ? 'item waits' : 'items wait'} for you.
          </p>
          <ul className="dashboard-line-list">
            {items.slice(0, SHOWN).map(({ item, cycle, project }) => (
              <li key={item.id} className="dashboard-line">
                <Link to={paths.cycleItem(item.id)} className="dashboard-line-name">
                  {item.test_case.name}
                </Link>
                <span className="dashboard-line-facts">
                  {cycle.name} · {project.name}
                </span>
                <CycleStateBadge state={item.state} />
              </li>
            ))}
          </ul>
          <ButtonLink to={paths.myWork} size="sm" variant="secondary">
            All my work
          </ButtonLink>
        </>
      )}
    </Card>
  );
}
