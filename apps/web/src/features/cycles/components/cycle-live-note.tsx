import type { Cycle } from '@verdict/contract';
import { formatDateTime } from '@/lib/format-date';

/**
 * What a live run's cycle says of its run (docs/product/live-runs.md): filling while its tests run,
 * or stopped reporting (no result for LIVE_RUN_TIMEOUT) while still open. Nothing once finished.
 */
export function CycleLiveNote({ cycle }: { cycle: Cycle }) {
  if (!cycle.live || cycle.live.state === 'finished') return null;
  if (cycle.live.state === 'running') {
    return (
      <p className="cycle-live-note" role="status">
        This run is reporting live: results appear as its tests finish.
      </p>
    );
  }
  return (
    <p className="cycle-live-note cycle-live-note-stopped" role="status">
      This run stopped reporting at {formatDateTime(cycle.live.last_result_at)}: it sent no result since, and
      was never finished.
    </p>
  );
}
