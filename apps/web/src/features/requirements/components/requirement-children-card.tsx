import { REQUIREMENT_LIMITS, type Requirement } from '@verdict/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useRequirements } from '@/entities/requirement/requirement-api';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { useRequirementMutations } from '../api/requirements';
import { BLANK_REQUIREMENT, requirementBodyOf } from '../requirement-text';
import { RequirementDialog } from './requirement-dialog';
import { RequirementLine } from './requirement-line';

/** The requirements right under one, with their coverage; a new one under it for add_requirement. */
export function RequirementChildrenCard({
  requirement,
  canAdd,
}: {
  requirement: Requirement;
  canAdd: boolean;
}) {
  const [creating, setCreating] = useState(false);
  const children = useRequirements(
    requirement.project_id,
    { parent_id: requirement.id, limit: REQUIREMENT_LIMITS.pageMax },
    requirement.has_children,
  );
  if (!requirement.has_children && !canAdd) return null;
  let list: React.ReactNode = null;
  if (!requirement.has_children) list = <p>No requirements under it.</p>;
  else if (children.isError)
    list = (
      <LoadFailed
        what="the requirements under it"
        error={children.error}
        onRetry={() => void children.refetch()}
      />
    );
  else if (!children.data) list = <Loading text="Loading requirements..." />;
  else
    list = (
      <>
        <ul className="requirement-tree" aria-label={`Requirements under ${requirement.key}`}>
          {children.data.items.map((child) => (
            <li key={child.id}>
              <RequirementLine requirement={child} />
            </li>
          ))}
        </ul>
        {children.data.total > children.data.items.length ? (
          <p className="requirement-counts">
            Showing {formatCount(children.data.items.length)} of {formatCount(children.data.total)}.
          </p>
        ) : null}
      </>
    );
  return (
    <Card title="Requirements under it">
      {list}
      {canAdd ? (
        <div className="requirement-section-actions">
          <Button variant="secondary" onClick={() => setCreating(true)}>
            New requirement under it
          </Button>
        </div>
      ) : null}
      {creating ? <NewChild parent={requirement} onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}

function NewChild({ parent, onClose }: { parent: Requirement; onClose: () => void }) {
  const { create } = useRequirementMutations(parent.project_id);
  const navigate = useNavigate();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <RequirementDialog
      projectId={parent.project_id}
      initial={{ ...BLANK_REQUIREMENT, parent_id: String(parent.id) }}
      initialParent={{ id: parent.id, key: parent.key, title: parent.title }}
      busy={create.isPending}
      error={create.error}
      onClose={close}
      onSubmit={(values) =>
        create.mutate(requirementBodyOf(values), {
          onSuccess: (answer) => {
            const state: NavigationToastState = { message: answer.message };
            void navigate(paths.requirementDetail(answer.requirement.id), { state });
          },
        })
      }
    />
  );
}
