import type { UseQueryResult } from '@tanstack/react-query';
import type { CycleDefect } from '@verdict/contract';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCycleDefects, useMilestoneDefects } from '../api/defects-api';
import './defects.css';

/**
 * The cycle page's "Defects": each defect linked to the cycle's items or results, once, as a link
 * to the tracker, with the cases it was linked on (docs/product/defects-screens.md).
 */
export function CycleDefects({ cycleId }: { cycleId: number }) {
  return (
    <DefectList
      defects={useCycleDefects(cycleId)}
      empty="No defects are linked to this cycle's items or results."
    />
  );
}

/**
 * The milestone page's "Defects": the same list over the milestone's cycles and its
 * sub-milestones' (docs/product/milestones.md, "The screens").
 */
export function MilestoneDefects({ milestoneId }: { milestoneId: number }) {
  return (
    <DefectList
      defects={useMilestoneDefects(milestoneId)}
      empty="No defects are linked to the items or results of this milestone's test cycles."
    />
  );
}

function DefectList({ defects, empty }: { defects: UseQueryResult<CycleDefect[]>; empty: string }) {
  if (defects.isPending) return <p>Loading defects...</p>;
  if (defects.isError) return <ErrorBox message={errorText(defects.error, 'Failed to fetch the defects')} />;
  if (defects.data.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="defect-list cycle-defects">
      {defects.data.map((defect) => (
        <li key={defect.defect} className="defect-row">
          <a href={defect.url} target="_blank" rel="noopener noreferrer" className="defect-url">
            {defect.defect}
          </a>
          <span className="defect-cases">
            <span className="muted">{defect.cases.length === 1 ? 'case' : 'cases'}: </span>
            {defect.cases.map((testCase, index) => (
              <span key={testCase.id}>
                {index > 0 ? ', ' : ''}
                <Link to={paths.caseDetail(testCase.id)}>{testCase.name}</Link>
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}
