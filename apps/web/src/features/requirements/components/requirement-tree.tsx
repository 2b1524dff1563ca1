import { REQUIREMENT_LIMITS, type Requirement } from '@verdict/contract';
import { useId, useState } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { useRequirements } from '@/entities/requirement/requirement-api';
import { formatCount } from '@/lib/format-number';
import { RequirementLine } from './requirement-line';

/**
 * Requirements with their children nested under them, loaded when opened (as the project tree
 * loads a suite's cases), as lists a screen reader can count.
 */
export function RequirementNodes({
  projectId,
  requirements,
  label,
}: {
  projectId: number;
  requirements: readonly Requirement[];
  label: string;
}) {
  return (
    <ul className="requirement-tree" aria-label={label}>
      {requirements.map((requirement) => (
        <li key={requirement.id}>
          <RequirementBranch projectId={projectId} requirement={requirement} />
        </li>
      ))}
    </ul>
  );
}

/** A requirement's line with its expand button, and its children under it once opened. */
export function RequirementBranch({
  projectId,
  requirement,
}: {
  projectId: number;
  requirement: Requirement;
}) {
  const [open, setOpen] = useState(false);
  const childrenId = useId();
  const toggle = requirement.has_children ? (
    <button
      type="button"
      className="btn btn-ghost btn-sm requirement-toggle"
      aria-expanded={open}
      aria-controls={open ? childrenId : undefined}
      aria-label={`${open ? 'Close' : 'Open'} ${requirement.key}`}
      onClick={() => setOpen((value) => !value)}
    >
      <span aria-hidden="true">{open ? '▾' : '▸'}</span>
    </button>
  ) : (
    <span className="requirement-toggle-spacer" aria-hidden="true" />
  );
  return (
    <div className="requirement-branch">
      <RequirementLine requirement={requirement} toggle={toggle} />
      {open ? (
        <div id={childrenId}>
          <RequirementChildren projectId={projectId} parent={requirement} />
        </div>
      ) : null}
    </div>
  );
}

function RequirementChildren({ projectId, parent }: { projectId: number; parent: Requirement }) {
  const children = useRequirements(projectId, { parent_id: parent.id, limit: REQUIREMENT_LIMITS.pageMax });
  if (children.isError) {
    return (
      <LoadFailed
        what={`the requirements under ${parent.key}`}
        error={children.error}
        onRetry={() => void children.refetch()}
      />
    );
  }
  if (!children.data) return <Loading text="Loading requirements..." />;
  const { items, total } = children.data;
  return (
    <div className="requirement-children">
      <RequirementNodes
        projectId={projectId}
        requirements={items}
        label={`Requirements under ${parent.key}`}
      />
      {total > items.length ? (
        <p className="requirement-counts">
          Showing {formatCount(items.length)} of {formatCount(total)}. Search for the others.
        </p>
      ) : null}
    </div>
  );
}
