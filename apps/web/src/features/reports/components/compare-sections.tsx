import type { ComparedCase, CycleComparison } from '@verdict/contract';
import { Link } from 'react-router';
import { Card } from '@/components/ui/page';
import { STATE_LABELS } from '@/entities/cycle/cycle-states';
import { formatDuration } from '@/lib/format-duration';
import { paths } from '@/lib/paths';
import { shownText } from '../report-text';

/** The five lists of a cycle comparison, each with its whole count (docs/product/cycle-compare.md). */

type ListName = 'new_failures' | 'fixed' | 'still_failing' | 'added' | 'removed';

const LISTS: readonly { name: ListName; title: string; meaning: string }[] = [
  { name: 'new_failures', title: 'New failures', meaning: 'Failed in To, and had not failed in From.' },
  { name: 'fixed', title: 'Fixed', meaning: 'Failed in From, passed in To.' },
  { name: 'still_failing', title: 'Still failing', meaning: 'Failed in both.' },
  { name: 'added', title: 'Added', meaning: 'In To only.' },
  { name: 'removed', title: 'Removed', meaning: 'In From only.' },
];

export function CompareSections({ comparison }: { comparison: CycleComparison }) {
  return LISTS.map(({ name, title, meaning }) => (
    <Card key={name} title={`${title} (${comparison.counts[name]})`} className="report-card">
      <CaseTable title={title} meaning={meaning} cases={comparison[name]} count={comparison.counts[name]} />
    </Card>
  ));
}

const stateText = (state: string | null) =>
  state === null ? 'Not in cycle' : (STATE_LABELS[state as keyof typeof STATE_LABELS] ?? state);

const msText = (ms: number | null) => (ms === null ? '—' : formatDuration(ms));

function CaseTable(props: { title: string; meaning: string; cases: readonly ComparedCase[]; count: number }) {
  const { title, meaning, cases, count } = props;
  if (cases.length === 0) return <p className="report-empty">None.</p>;
  const shown = shownText(cases.length, count);
  return (
    <>
      <p className="report-note">
        {meaning}
        {shown ? ` ${shown}.` : null}
      </p>
      <div className="table-wrap report-table-wrap">
        <table className="table report-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">From state</th>
              <th scope="col">To state</th>
              <th scope="col">From duration</th>
              <th scope="col">To duration</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((item) => (
              <tr key={item.id}>
                <th scope="row" className="report-name">
                  <Link to={paths.caseDetail(item.id)}>{item.name}</Link>
                </th>
                <td>{stateText(item.from_state)}</td>
                <td>{stateText(item.to_state)}</td>
                <td className="report-number">{msText(item.from_ms)}</td>
                <td className="report-number">{msText(item.to_ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
