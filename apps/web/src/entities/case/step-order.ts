/** The steps with step `index` moved `by` places (-1 up, +1 down); unchanged at an end. */
export function moveStep<T>(steps: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/**
 * The steps with the chosen ones (by index) replaced by `replacement`, which takes the place of
 * the first chosen one; the others close up. Unchanged when none is chosen.
 */
export function replaceSteps<T>(steps: readonly T[], chosen: ReadonlySet<number>, replacement: T): T[] {
  const first = steps.findIndex((_, index) => chosen.has(index));
  if (first < 0) return [...steps];
  const next: T[] = [];
  steps.forEach((step, index) => {
    if (index === first) next.push(replacement);
    else if (!chosen.has(index)) next.push(step);
  });
  return next;
}
