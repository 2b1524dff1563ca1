import type { RequirementRef } from '@verdict/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useCase } from '@/entities/case/get-case';
import { RequirementPicker } from '@/entities/requirement/requirement-picker';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSetCaseRequirements } from '../api/requirements';
import './requirements.css';

/**
 * The case page's Requirements card: the requirements the case is linked to (links to them);
 * for edit_requirement holders, Remove by each and a search to add one, each saved at once with
 * `PUT /api/test-cases/{id}/requirements`.
 */
export function CaseRequirements({ caseId, canEdit }: { caseId: number; canEdit: boolean }) {
  const testCase = useCase(caseId);
  const save = useSetCaseRequirements(caseId);
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<RequirementRef | null>(null);
  // The case's own answer names its requirements (left out for callers who may not see them).
  const linked = testCase.data?.requirements ?? [];
  const ids = linked.map((requirement) => requirement.id);

  const put = (next: number[], done: string) =>
    save.mutate(next, {
      onSuccess: () => {
        toast.show(done);
        setPicked(null);
        setAdding(false);
      },
      onError: (error) => toast.show(errorText(error, 'Failed to save the requirements'), 'error'),
    });

  return (
    <Card title="Requirements">
      {linked.length === 0 ? (
        <p>Not linked to any requirement.</p>
      ) : (
        <ul className="requirement-case-list" aria-label="Requirements of this case">
          {linked.map((requirement) => (
            <li key={requirement.id}>
              <span>
                <Link to={paths.requirementDetail(requirement.id)} className="requirement-key">
                  {requirement.key}
                </Link>{' '}
                {requirement.title}
              </span>
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${requirement.key}`}
                  disabled={save.isPending}
                  onClick={() =>
                    put(
                      ids.filter((id) => id !== requirement.id),
                      `Removed ${requirement.key} from this case`,
                    )
                  }
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit && !adding ? (
        <div className="requirement-section-actions">
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add requirement
          </Button>
        </div>
      ) : null}
      {canEdit && adding && testCase.data ? (
        <form
          className="form requirement-add"
          onSubmit={(event) => {
            event.preventDefault();
            if (picked) put([...ids, picked.id], `Linked this case to ${picked.key}`);
          }}
        >
          <RequirementPicker
            projectId={testCase.data.project_id}
            chosen={picked?.id ?? null}
            exclude={new Set(ids)}
            onPick={setPicked}
          />
          <div className="requirement-section-actions">
            <Button type="submit" busy={save.isPending} disabled={picked === null}>
              {picked ? `Link to ${picked.key}` : 'Link'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setPicked(null);
                setAdding(false);
                save.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
