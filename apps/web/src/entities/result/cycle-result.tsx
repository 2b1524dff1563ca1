import type { CycleResult } from '@verdict/contract';
import { formatDuration } from '@/lib/format-duration';
import './cycle-result.css';

/** Who recorded a result and how long it took: ['admin', '1.2 s']. */
export function resultFacts(result: CycleResult): string[] {
  const facts: string[] = [];
  facts.push(result.executor ? result.executor.username : 'A deleted user');
  if (result.elapsed_ms !== null) facts.push(formatDuration(result.elapsed_ms));
  return facts;
}

/**
 * What an imported report said of a failure or error: its message in a line, its type and whole
 * text behind a disclosure, wrapped so a long stack trace never widens the page.
 */
export function ResultFailure({ result }: { result: Pick<CycleResult, 'failure'> }) {
  const failure = result.failure;
  if (!failure) return null;
  return (
    <div className="result-failure">
      {failure.message ? <p className="result-failure-message">{failure.message}</p> : null}
      {failure.type || failure.text ? (
        <details>
          <summary>{failure.type ? `Details (${failure.type})` : 'Details'}</summary>
          {failure.text ? <pre className="result-failure-text">{failure.text}</pre> : null}
        </details>
      ) : null}
    </div>
  );
}
