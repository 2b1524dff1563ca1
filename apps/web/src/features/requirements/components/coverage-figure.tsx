import { Link } from 'react-router';
import { Card } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { useTraceability } from '../api/requirements';
import { summaryText } from '../requirement-text';
import './requirements.css';

/**
 * The project overview's coverage figure: "Requirements: 12 passing, 3 failing, 4 untested,
 * 5 not covered" from the matrix's summary (one row asked for), linking to the matrix. Shown to
 * home_requirement holders (the caller decides); nothing while it loads or when it fails, as the
 * overview's other figures do not wait for it.
 */
export function CoverageFigure({ projectId }: { projectId: number }) {
  const matrix = useTraceability(projectId, { limit: 1 });
  if (!matrix.data) return null;
  const { summary } = matrix.data;
  const none = summary.passing + summary.failing + summary.untested + summary.not_covered === 0;
  return (
    <Card className="requirement-coverage-card">
      <div className="requirement-coverage-figure">
        {none ? (
          <p>
            Requirements: none yet. <Link to={paths.requirements(projectId)}>Add requirements</Link>
          </p>
        ) : (
          <>
            <p>{summaryText(summary)}</p>
            <Link to={paths.traceability(projectId)}>Traceability matrix</Link>
          </>
        )}
      </div>
    </Card>
  );
}
