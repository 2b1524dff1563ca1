import type { Milestone } from '@verdict/contract';
import { Link } from 'react-router';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { countsText } from '@/entities/cycle/cycle-states';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { formatDay, isOverdue } from '../milestone-groups';

/** "Start Mar 1, 2026 · Due Mar 31, 2026", with the overdue mark; nothing without dates. */
export function MilestoneDates({ milestone }: { milestone: Milestone }) {
  const overdue = isOverdue(milestone);
  if (!milestone.start_date && !milestone.due_date) return null;
  return (
    <p className="milestone-dates">
      {milestone.start_date ? (
        <span>
          Start <time dateTime={milestone.start_date}>{formatDay(milestone.start_date)}</time>
        </span>
      ) : null}
      {milestone.due_date ? (
        <span className={overdue ? 'milestone-due is-overdue' : 'milestone-due'}>
          Due <time dateTime={milestone.due_date}>{formatDay(milestone.due_date)}</time>
          {overdue ? <span className="milestone-overdue">Overdue</span> : null}
        </span>
      ) : null}
    </p>
  );
}

/** '3 test cycles · 8 passed, 2 failed'. */
export function cyclesText(milestone: Pick<Milestone, 'cycles' | 'counts'>): string {
  const cycles = `${formatCount(milestone.cycles)} ${milestone.cycles === 1 ? 'test cycle' : 'test cycles'}`;
  return milestone.cycles === 0 ? cycles : `${cycles} · ${countsText(milestone.counts)}`;
}

export interface MilestoneLineProps {
  milestone: Milestone;
  /** Its parent's name, when the parent is not the line it sits under. */
  parentName?: string | null;
}

/** One milestone in a list: its name (a link), dates, overdue mark and progress over its cycles. */
export function MilestoneLine({ milestone, parentName }: MilestoneLineProps) {
  return (
    <div className="milestone-line">
      <div className="milestone-line-head">
        <Link to={paths.milestoneDetail(milestone.id)} className="milestone-name">
          {milestone.name}
        </Link>
        {parentName ? <span className="milestone-parent">in {parentName}</span> : null}
      </div>
      <MilestoneDates milestone={milestone} />
      <CycleProgress counts={milestone.counts} />
      <p className="milestone-counts">{cyclesText(milestone)}</p>
    </div>
  );
}
