import type { Cycle, RenamePair } from '@verdict/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { useToast } from '@/components/ui/toast';
import { focusPageHeading } from '@/lib/focus-heading';
import { paths } from '@/lib/paths';
import { useCycleRenames, useMergeRenamedCase } from '../api/cycle-renames';

/**
 * On an import's cycle page, the tests that look renamed: each case the report no longer has
 * beside the case it made instead, and (with delete_test_case) Keep the history, which merges the
 * old case into the new one (docs/product/cycles-screens.md, "Renamed tests").
 */
export function CycleRenames({ cycle, canMerge }: { cycle: Cycle; canMerge: boolean }) {
  const renames = useCycleRenames(cycle);
  const merge = useMergeRenamedCase(cycle.id);
  const confirm = useConfirm();
  const toast = useToast();
  const headingId = useId();
  const [failed, setFailed] = useState<{ fromId: number; cause: unknown } | null>(null);
  const pairs = renames.data ?? [];
  if (pairs.length === 0) return null;

  const keepHistory = async (pair: RenamePair) => {
    setFailed(null);
    const from = `“${pair.from.name}”`;
    const to = `“${pair.to.name}”`;
    const confirmed = await confirm({
      title: 'Keep the history?',
      text: `Merge ${from} into ${to}? Its runs, results and history move to ${to} and ${from} is deleted.`,
      confirmLabel: 'Yes, Merge',
    });
    if (!confirmed) return;
    merge.mutate(pair, {
      onSuccess: (answer) => {
        toast.show(answer.message);
        // The pair's button is gone with it (docs/product/errors-and-keyboard.md, "Focus").
        focusPageHeading();
      },
      onError: (cause) => setFailed({ fromId: pair.from.id, cause }),
    });
  };

  return (
    <section className="card cycle-renames" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Looks renamed: keep the history?
      </h2>
      <p className="cycle-renames-lead">
        This import made these cases where the branch's previous import had cases of a similar name.
        {canMerge ? " Keeping the history moves the old case's runs and results to the new one." : ''}
      </p>
      <ul className="cycle-renames-list">
        {pairs.map((pair) => (
          <li key={pair.from.id} className="cycle-rename">
            <span className="cycle-rename-names">
              “<Link to={paths.caseDetail(pair.from.id)}>{pair.from.name}</Link>”{' '}
              <span role="img" aria-label="renamed to">
                →
              </span>{' '}
              “<Link to={paths.caseDetail(pair.to.id)}>{pair.to.name}</Link>”
            </span>
            {canMerge ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Keep the history of ${pair.from.name} in ${pair.to.name}`}
                busy={merge.isPending}
                onClick={() => void keepHistory(pair)}
              >
                {merge.isPending && merge.variables.from.id === pair.from.id
                  ? 'Merging...'
                  : 'Keep the history'}
              </Button>
            ) : null}
            {failed?.fromId === pair.from.id ? (
              <ErrorBox message="Failed to keep the history" error={failed.cause} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
