import type { CycleResult } from '@verdict/contract';
import { buttonClass } from '@/components/ui/button';
import { useNewIssueUrl } from '../api/defects-api';

/**
 * "File a bug" on a failed result: opens the tracker's new-issue page in a new tab, filled in by
 * the server from the result (docs/product/defects.md, "File a bug"). Shown only when the project
 * has a tracker that can open one; nothing shows while the address loads or if it cannot be made.
 */
export function FileBugLink({ result, enabled }: { result: CycleResult; enabled: boolean }) {
  const failed = result.state === 'failed';
  const address = useNewIssueUrl(result.id, enabled && failed);
  if (!failed || !enabled || !address.data) return null;
  return (
    <p className="file-bug">
      <a
        href={address.data}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
      >
        File a bug<span className="visually-hidden"> (opens the issue tracker in a new tab)</span>
      </a>
    </p>
  );
}
