import type { Cycle, Plan, PlanEntry } from '@verdict/contract';
import { Link } from 'react-router';
import { CycleConfigurations } from '@/entities/cycle/cycle-configurations';
import { CycleProgress } from '@/entities/cycle/cycle-progress';
import { countsText } from '@/entities/cycle/cycle-states';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';

/** What an entry selected: 'All cases', '2 suites and 3 cases'. */
function selectionWords(entry: PlanEntry): string {
  if (entry.all_cases) return 'All cases';
  const parts: string[] = [];
  const suites = entry.suite_ids.length;
  const cases = entry.case_ids.length;
  if (suites > 0) parts.push(`${formatCount(suites)} ${suites === 1 ? 'suite' : 'suites'}`);
  if (cases > 0) parts.push(`${formatCount(cases)} ${cases === 1 ? 'case' : 'cases'}`);
  return parts.join(' and ');
}

/** A plan's cycles under their entries, each linked with its configurations and counts. */
export function PlanCycles({ plan }: { plan: Plan }) {
  if (plan.cycles.length === 0) {
    return <p>No test cycles left in this plan: they were deleted or moved out of it.</p>;
  }
  const byId = new Map(plan.cycles.map((cycle) => [cycle.id, cycle]));
  return (
    <div className="plan-entries">
      {plan.entries.map((entry, index) => {
        const cycles = entry.cycle_ids.map((id) => byId.get(id)).filter((c): c is Cycle => c !== undefined);
        const heading = `Entry ${index + 1}${entry.name ? `: ${entry.name}` : ''}`;
        return (
          <section key={entry.id} className="plan-entry-cycles" aria-label={heading}>
            <h3 className="plan-entry-title">{heading}</h3>
            <p className="plan-muted">{selectionWords(entry)}</p>
            {cycles.length === 0 ? (
              <p className="plan-muted">No test cycles left in this entry.</p>
            ) : (
              <ul className="plan-list" aria-label={`Test cycles of entry ${index + 1}`}>
                {cycles.map((cycle) => (
                  <li key={cycle.id} className="plan-line">
                    <div className="plan-line-head">
                      <Link to={paths.cycleDetail(cycle.id)} className="plan-name">
                        {cycle.name}
                      </Link>
                      <span className="plan-muted">{cycle.state === 'open' ? 'Open' : 'Closed'}</span>
                    </div>
                    <CycleConfigurations configurations={cycle.configurations} />
                    <CycleProgress counts={cycle.counts} />
                    <p className="plan-muted">{countsText(cycle.counts)}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
