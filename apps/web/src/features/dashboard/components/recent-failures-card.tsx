import type { ActiveCycle } from '@verdict/contract';
import { Link } from 'react-router';
import { Card } from '@/components/ui/page';
import { useActiveCycles } from '@/entities/cycle/cycle-api';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';

/** Cycles the card lists, most recently changed first. */
const SHOWN = 5;

/** An open cycle's failed and blocked items, in words: '3 failed · 1 blocked'. */
function failuresText({ cycle }: ActiveCycle): string {
  const parts: string[] = [];
  if (cycle.counts.failed > 0) parts.push(`${formatCount(cycle.counts.failed)} failed`);
  if (cycle.counts.blocked > 0) parts.push(`${formatCount(cycle.counts.blocked)} blocked`);
  return parts.join(' · ');
}

/**
 * "Recent failures" on the dashboard (docs/product/dashboard.md): the open cycles with failed or
 * blocked items, most recently changed first, each opening its cycle page filtered to the failed
 * items. It reads the same answer as "Active cycles" (decision record 182) and shows only when
 * some cycle has a failure.
 */
export function RecentFailuresCard() {
  const active = useActiveCycles();
  const failing = (active.data?.cycles ?? [])
    .filter(({ cycle }) => cycle.counts.failed + cycle.counts.blocked > 0)
    .sort((a, b) => b.cycle.updated_at.localeCompare(a.cycle.updated_at))
    .slice(0, SHOWN);
  if (failing.length === 0) return null;
  return (
    <Card title="Recent failures" className="dashboard-card dashboard-failures">
      <ul className="dashboard-line-list">
        {failing.map((entry) => (
          <li key={entry.cycle.id} className="dashboard-line">
            <Link to={`${paths.cycleDetail(entry.cycle.id)}?state=failed`} className="dashboard-line-name">
              {entry.cycle.name}
            </Link>
            <span className="dashboard-line-facts">{entry.project.name}</span>
            <span className="dashboard-line-failures">{failuresText(entry)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
