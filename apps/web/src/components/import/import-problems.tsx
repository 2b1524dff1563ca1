import type { CaseImportProblem } from '@verdict/contract';
import { formatCount } from '@/lib/format-number';
import { problemText } from '@/lib/import-mapping';
import './import.css';

/** '1 problem', '250 problems'. */
export const problemsText = (n: number) => (n === 1 ? '1 problem' : `${formatCount(n)} problems`);

/**
 * The problems of the file, each by its row and column ('Row 5, Priority: …'), with how many
 * there are in all when the server listed only the first
 * (docs/product/case-import-screens.md, "Preview").
 */
export function ImportProblems({
  problems,
  count,
}: {
  problems: readonly CaseImportProblem[];
  count: number;
}) {
  if (count === 0) return null;
  return (
    <section className="import-problems" aria-labelledby="import-problems-title">
      <h3 id="import-problems-title" className="import-subtitle">
        {problemsText(count)}
      </h3>
      <ul>
        {problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row can have several problems in one column
          <li key={index}>{problemText(problem)}</li>
        ))}
      </ul>
      {count > problems.length ? (
        <p className="import-more">
          Showing the first {formatCount(problems.length)} of {formatCount(count)} problems.
        </p>
      ) : null}
    </section>
  );
}
