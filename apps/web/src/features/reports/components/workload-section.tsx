import type { UseQueryResult } from '@tanstack/react-query';
import type { WorkloadReport } from '@verdict/contract';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format-number';
import { testerName } from '../report-filters';
import { ReportCard, ReportEmpty } from './report-parts';

const HEAD = ['Tester', 'Assigned', 'Untested', 'Retest', 'Done', 'Results recorded'];

/**
 * Workload per tester (docs/product/reports-screens.md): each user's assigned items in the
 * filtered cycles by state, and the results they recorded; a table only, shown whole.
 */
export function WorkloadSection({
  workload,
  actions,
}: {
  workload: UseQueryResult<WorkloadReport>;
  actions?: ReactNode;
}) {
  return (
    <ReportCard title="Workload per tester" what="the workload" query={workload} actions={actions}>
      {(data) =>
        data.users.length === 0 ? (
          <ReportEmpty>No assigned items or recorded results.</ReportEmpty>
        ) : (
          // Focusable, so a keyboard can scroll it sideways on a narrow window.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region takes focus to scroll
          <section className="table-wrap report-table-wrap" tabIndex={0} aria-label="Workload table">
            <table className="table report-table">
              <caption className="report-caption">
                Items assigned in the cycles shown, by state, and results recorded, by tester
              </caption>
              <thead>
                <tr>
                  {HEAD.map((name) => (
                    <th key={name} scope="col">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <tr key={user.user_id}>
                    <th scope="row" className="report-name">
                      {testerName(user)}
                    </th>
                    <td className="report-number">{formatCount(user.assigned)}</td>
                    <td className="report-number">{formatCount(user.untested)}</td>
                    <td className="report-number">{formatCount(user.retest)}</td>
                    <td className="report-number">{formatCount(user.done)}</td>
                    <td className="report-number">{formatCount(user.results)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )
      }
    </ReportCard>
  );
}
