import type { RequirementDetail } from '@verdict/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useRequirementCases } from '../api/requirements';
import { LatestResult } from './coverage';
import { LinkCasesDialog } from './link-cases-dialog';

/**
 * The cases linked to a requirement, each with its latest result from any source (a link to the
 * case); Link cases and Unlink for edit_requirement holders.
 */
export function LinkedCases({ requirement, canEdit }: { requirement: RequirementDetail; canEdit: boolean }) {
  const { add, set } = useRequirementCases(requirement.id);
  const toast = useToast();
  const [linking, setLinking] = useState(false);
  const closeLink = () => {
    add.reset();
    setLinking(false);
  };
  const unlink = (caseId: number, caseName: string) =>
    set.mutate(
      requirement.cases.filter((testCase) => testCase.id !== caseId).map((testCase) => testCase.id),
      {
        onSuccess: () => toast.show(`Unlinked "${caseName}" from ${requirement.key}`),
        onError: (error) => toast.show(errorText(error, 'Failed to unlink the case'), 'error'),
      },
    );
  return (
    <Card title="Linked cases">
      {requirement.cases.length === 0 ? (
        <p>No cases linked to it. Link the cases that prove it.</p>
      ) : (
        <ul className="requirement-case-list" aria-label={`Cases linked to ${requirement.key}`}>
          {requirement.cases.map((testCase) => (
            <li key={testCase.id}>
              <Link to={paths.caseDetail(testCase.id)}>{testCase.name}</Link>
              <span className="requirement-case-result">
                <LatestResult state={testCase.latest?.state ?? null} />
                {testCase.latest ? (
                  <time className="requirement-counts" dateTime={isoDateTime(testCase.latest.at)}>
                    {formatDateTime(testCase.latest.at)}
                  </time>
                ) : null}
                {canEdit ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Unlink ${testCase.name}`}
                    disabled={set.isPending}
                    onClick={() => unlink(testCase.id, testCase.name)}
                  >
                    Unlink
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <div className="requirement-section-actions">
          <Button variant="secondary" onClick={() => setLinking(true)}>
            Link cases
          </Button>
        </div>
      ) : null}
      {linking ? (
        <LinkCasesDialog
          requirement={requirement}
          busy={add.isPending}
          error={add.error}
          onClose={closeLink}
          onLink={(caseIds) =>
            add.mutate(caseIds, {
              onSuccess: (answer) => {
                toast.show(answer.message);
                closeLink();
              },
            })
          }
        />
      ) : null}
    </Card>
  );
}
