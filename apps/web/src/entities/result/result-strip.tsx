import type { HistoryItem, Quarantine } from '@verdict/contract';
import { Link } from 'react-router';
import { markLabel, markTitle, quarantinedFailure } from '@/entities/result/result-history';
import { paths } from '@/lib/paths';
import './result-strip.css';

/**
 * A case's last results as a strip of small marks, oldest at the left (docs/product/flaky-tests.md,
 * "On the case page"): each coloured by state, a failure while quarantined striped, a link to its
 * cycle named like 'passed, 1.2 s, cycle Nightly 42, branch main', the failure message in its
 * tooltip. `items` come newest first, as the server answers them.
 */
export function ResultStrip({
  items,
  quarantine,
}: {
  items: readonly HistoryItem[];
  quarantine: Quarantine | null;
}) {
  const oldestFirst = [...items].reverse();
  const count = oldestFirst.length;
  const name = `Last ${count} ${count === 1 ? 'result' : 'results'}, oldest first`;
  return (
    <>
      <p className="history-caption" aria-hidden="true">
        {name}: point at a mark for its details, or open its cycle.
      </p>
      <ol className="history-strip" aria-label={name}>
        {oldestFirst.map((item) => {
          const quarantined = quarantinedFailure(item, quarantine);
          const state = quarantined ? 'quarantined' : item.state;
          return (
            <li key={item.result_id}>
              <Link
                className={`history-mark history-mark-${state}`}
                to={paths.cycleDetail(item.cycle_id)}
                aria-label={markLabel(item, quarantined)}
                title={markTitle(item, quarantined)}
              />
            </li>
          );
        })}
      </ol>
    </>
  );
}
