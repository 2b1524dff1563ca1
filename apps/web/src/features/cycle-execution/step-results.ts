import type { StepResult, StepResultState } from '@verdict/contract';

/** What the tester has set per step so far: a state and a comment, or nothing. */
export type StepEntry = { state: StepResultState | null; comment: string };

export const EMPTY_STEP: StepEntry = { state: null, comment: '' };

/**
 * The `step_results` of a result body: one entry per step, null for a step left without a
 * state; undefined when no step has one, so a result without step results sends none. A comment
 * without a state is not sent (the server keeps a comment only with its state).
 */
export function stepResultsBody(
  entries: readonly StepEntry[],
  steps: number,
): (StepResult | null)[] | undefined {
  const list: (StepResult | null)[] = [];
  for (let index = 0; index < steps; index += 1) {
    const entry = entries[index];
    if (!entry?.state) {
      list.push(null);
      continue;
    }
    const comment = entry.comment.trim();
    list.push(comment ? { state: entry.state, comment } : { state: entry.state });
  }
  return list.some((entry) => entry !== null) ? list : undefined;
}
