import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take a minute or more (kill-and-restart cycles, backups, every route for every
 * permission) start first, so the two workers end together instead of one finishing a long file
 * alone at the end. Vitest otherwise starts the largest files first on a fresh clone, which has
 * no record of earlier durations. Measured durations: docs/performance.md, "CI time".
 */
const SLOW_FIRST = [
  'faults-process.test.ts',
  'effective-permissions.test.ts',
  'backup-restore.test.ts',
  'consistency.test.ts',
  'embedded-maintenance.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = SLOW_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return index === -1 ? SLOW_FIRST.length : index;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
