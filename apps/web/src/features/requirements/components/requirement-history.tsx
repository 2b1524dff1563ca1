import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { formatCount } from '@/lib/format-number';
import { useRequirementVersions } from '../api/requirements';

/**
 * History: a requirement's versions, newest first, each with who saved it, when, and what it
 * said (key, title, status). Folded until opened, so the page does not read them all at once.
 */
export function RequirementHistory({ requirementId, version }: { requirementId: number; version: number }) {
  return (
    <Card title="History">
      <details className="requirement-history-fold">
        <summary>{`${formatCount(version)} ${version === 1 ? 'version' : 'versions'}`}</summary>
        <Versions requirementId={requirementId} />
      </details>
    </Card>
  );
}

function Versions({ requirementId }: { requirementId: number }) {
  const versions = useRequirementVersions(requirementId, true);
  if (versions.isError) {
    return <LoadFailed what="the versions" error={versions.error} onRetry={() => void versions.refetch()} />;
  }
  if (!versions.data) return <Loading text="Loading versions..." />;
  return (
    <ol className="requirement-history" aria-label="Versions, newest first">
      {versions.data.items.map((item) => (
        <li key={item.version}>
          <strong>Version {item.version}</strong> · {item.author?.username ?? 'a deleted user'} ·{' '}
          <time dateTime={isoDateTime(item.created_at)}>{formatDateTime(item.created_at)}</time>
          <div>
            <span className="requirement-key">{item.key}</span> {item.title} ({STATUS_LABELS[item.status]})
          </div>
        </li>
      ))}
    </ol>
  );
}
