import type { CasePriority } from '@verdict/contract';
import { PRIORITY_LABELS } from '@/lib/case-priority';
import './case-badges.css';

/** A case's priority: its word after a dot of its colour (the word carries it; the dot only helps). */
export function PriorityBadge({ priority, quiet = false }: { priority: CasePriority; quiet?: boolean }) {
  return (
    <span
      className={
        quiet ? `priority-badge is-quiet priority-${priority}` : `priority-badge priority-${priority}`
      }
    >
      <span className="priority-dot" aria-hidden="true" />
      {quiet ? <span className="visually-hidden">Priority: </span> : null}
      {PRIORITY_LABELS[priority]}
    </span>
  );
}

/** A case's tags as small chips in a list. */
export function TagBadges({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  return (
    <ul className="tag-badges" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="tag-badge">
          {tag}
        </li>
      ))}
    </ul>
  );
}
