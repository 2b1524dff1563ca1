import type { CaseField, CaseVersion, TestCaseDetail } from '@verdict/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { useToast } from '@/components/ui/toast';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { useCaseFields } from '../api/case-fields';
import { useCaseVersions, useRestoreCaseVersion, VERSIONS_PAGE } from '../api/case-versions';
import { VersionDiff } from './version-diff';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  preconditions: 'Preconditions',
  priority: 'Priority',
  tags: 'Tags',
  steps: 'Steps',
  parameters: 'Parameters',
  custom_fields: 'Custom fields',
};

function changedText(changed: readonly string[], fields: readonly CaseField[]): string {
  const names = changed.map((key) => {
    const custom = /^custom_fields\.(\d+)$/.exec(key);
    if (custom) return fields.find((f) => String(f.id) === custom[1])?.name ?? `Custom field ${custom[1]}`;
    return FIELD_LABELS[key] ?? key;
  });
  return names.length > 0 ? names.join(', ') : '-';
}

interface CaseHistoryProps {
  testCase: TestCaseDetail;
  mayRestore: boolean;
}

/**
 * The case page's History tab (docs/product/rich-cases-screens.md, "History"): the versions,
 * newest first, each with its author, time and changed fields (and why, when the case itself was
 * not edited); two of them chosen (From, To) compared side by side below; 'Restore this version' makes a new version with an old content.
 */
export function CaseHistory({ testCase, mayRestore }: CaseHistoryProps) {
  const [limit, setLimit] = useState(VERSIONS_PAGE);
  const versions = useCaseVersions(testCase.id, limit, true);
  const fields = useCaseFields(testCase.project_id);
  const restore = useRestoreCaseVersion(testCase.id);
  const confirm = useConfirm();
  const toast = useToast();
  // Null: the default pair, the newest version against the one before it.
  const [chosen, setChosen] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });

  if (versions.isError) {
    return <LoadFailed what="the versions" error={versions.error} onRetry={() => void versions.refetch()} />;
  }
  if (!versions.data) return <Loading text="Loading versions..." />;
  const items = versions.data.items;
  if (items.length === 0) return <p className="muted">No versions yet.</p>;

  const from = chosen.from ?? items[1]?.version ?? items[0]?.version ?? null;
  const to = chosen.to ?? items[0]?.version ?? null;
  const byNumber = new Map(items.map((item) => [item.version, item]));
  const [older, newer] = [
    byNumber.get(Math.min(from ?? 0, to ?? 0)),
    byNumber.get(Math.max(from ?? 0, to ?? 0)),
  ];
  const fieldList = fields.data ?? [];

  const onRestore = async (version: CaseVersion) => {
    restore.reset();
    const ok = await confirm({
      title: `Restore version ${version.version}?`,
      text: `The case gets the content of version ${version.version} again, as a new version. Nothing is lost: the current content stays in the history.`,
      confirmLabel: 'Yes, Restore',
    });
    if (!ok) return;
    restore.mutate(version.version, {
      onSuccess: (answer) => {
        toast.show(answer?.message || `Version ${version.version} restored`);
        setChosen({ from: null, to: null });
      },
    });
  };

  return (
    <div className="case-history">
      <ErrorBox message={restore.isError ? 'Failed to restore the version' : null} error={restore.error} />
      <div className="table-wrap">
        <table className="table table-stack case-versions" aria-label={`Versions of ${testCase.name}`}>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Version</th>
              <th scope="col">Author</th>
              <th scope="col">Time</th>
              <th scope="col">Changed</th>
              {mayRestore ? <th scope="col">Restore</th> : null}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.version}>
                <td data-label="From">
                  <input
                    type="radio"
                    name={`case-${testCase.id}-from`}
                    aria-label={`Compare from version ${item.version}`}
                    checked={from === item.version}
                    onChange={() => setChosen({ from: item.version, to })}
                  />
                </td>
                <td data-label="To">
                  <input
                    type="radio"
                    name={`case-${testCase.id}-to`}
                    aria-label={`Compare to version ${item.version}`}
                    checked={to === item.version}
                    onChange={() => setChosen({ from, to: item.version })}
                  />
                </td>
                <td data-label="Version">
                  <span>
                    {item.version}
                    {item.version === testCase.version ? <span className="muted"> (current)</span> : null}
                  </span>
                </td>
                <td data-label="Author">{item.author?.username ?? 'a deleted user'}</td>
                <td data-label="Time">
                  <time dateTime={isoDateTime(item.created_at)}>{formatDateTime(item.created_at)}</time>
                </td>
                <td data-label="Changed">
                  {changedText(item.changed, fieldList)}
                  {/* Why a version came without an edit of the case, e.g. its shared steps changed. */}
                  {item.note ? <span className="case-version-note">{item.note}</span> : null}
                </td>
                {mayRestore ? (
                  <td data-label="Restore">
                    {item.version === testCase.version ? (
                      <span className="muted">-</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={restore.isPending}
                        aria-label={`Restore this version (version ${item.version})`}
                        onClick={() => void onRestore(item)}
                      >
                        Restore this version
                      </Button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {versions.data.total > items.length ? (
        <Button size="sm" variant="secondary" onClick={() => setLimit(limit + VERSIONS_PAGE)}>
          Show older versions
        </Button>
      ) : null}
      {older && newer ? <VersionDiff older={older} newer={newer} fields={fieldList} /> : null}
    </div>
  );
}
