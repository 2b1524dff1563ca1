import type { CasePriority, TestCase } from '@verdict/contract';
import { PRIORITY_LABELS } from '@/entities/case/case-priority';
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

/** Tags shown on a row; the rest are counted ('+2'). */
const ROW_TAGS = 3;

/**
 * Quiet badges at the end of a row: the priority, whichever it is, and the first tags; on a phone
 * only the priority (docs/product/rich-cases-screens.md, "Case lists"; the case lists and the
 * search results).
 */
export function CaseRowBadges({ testCase }: { testCase: Pick<TestCase, 'priority' | 'tags'> }) {
  const tags = testCase.tags ?? [];
  const showPriority = testCase.priority !== undefined;
  if (!showPriority && tags.length === 0) return null;
  return (
    <span className="case-row-badges">
      {showPriority ? <PriorityBadge priority={testCase.priority} quiet /> : null}
      {tags.length > 0 ? (
        <span className="case-row-tags">
          <span className="visually-hidden">Tags: </span>
          {tags.slice(0, ROW_TAGS).map((tag) => (
            <span key={tag} className="tag-badge">
              {tag}
            </span>
          ))}
          {tags.length > ROW_TAGS ? <span className="muted">+{tags.length - ROW_TAGS}</span> : null}
        </span>
      ) : null}
    </span>
  );
}
