import type { PlanSummary } from '@verdict/contract';
import { Link } from 'react-router';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { countsText } from '@/entities/cycle/cycle-states';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import './plan-line.css';

/** '4 test cycles · 8 passed, 2 failed'. */
export function planCyclesText(plan: Pick<PlanSummary, 'cycle_count' | 'totals'>): string {
  const cycles = `${formatCount(plan.cycle_count)} ${plan.cycle_count === 1 ? 'test cycle' : 'test cycles'}`;
  return plan.cycle_count === 0 ? cycles : `${cycles} · ${countsText(plan.totals)}`;
}

export interface PlanLineProps {
  plan: PlanSummary;
  /** Its milestone, linked; none when it has none or the list is about that milestone. */
  milestone?: { id: number; name: string } | null | undefined;
}

/** One test plan in a list: its name (a link), its milestone, and the progress over its cycles. */
export function PlanLine({ plan, milestone }: PlanLineProps) {
  return (
    <div className="plan-line">
      <div className="plan-line-head">
        <Link to={paths.planDetail(plan.id)} className="plan-name">
          {plan.name}
        </Link>
        {milestone ? (
          <span className="plan-muted">
            Milestone <Link to={paths.milestoneDetail(milestone.id)}>{milestone.name}</Link>
          </span>
        ) : null}
      </div>
      <CycleProgress counts={plan.totals} />
      <p className="plan-muted">{planCyclesText(plan)}</p>
    </div>
  );
}
