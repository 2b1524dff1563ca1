import type { TestRun } from '@verdict/contract';
import { type Db, runAgainOnDeadlock } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { batchPerHandle, NaturalBatch } from '../../lib/natural-batch.ts';
import { insertRecordedRuns, type NewRecordedRun } from './runs-repository.ts';

/**
 * Run creations that arrive while a statement is already recording runs go together in the
 * next one (insertRecordedRuns): one statement, one commit and one pass of the triggers for
 * many runs (lib/natural-batch.ts). Recording the runs of one case one statement at a time also
 * spares PostgreSQL fifty sessions queueing on that case's row. When a batch fails on a case
 * deleted meanwhile, each of its runs is tried alone, so only the deleted case's runs fail.
 */
export const runBatchOf = batchPerHandle(
  (db: Db) =>
    new NaturalBatch<NewRecordedRun, TestRun | null>(
      // One statement of its own, so a deadlock with a delete (decision 122) runs it again too.
      (runs) => runAgainOnDeadlock(() => insertRecordedRuns(db, runs)),
      {
        retryAlone: (error) => dbViolationOf(error)?.kind === 'foreign-key',
      },
    ),
);
