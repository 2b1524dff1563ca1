import type { TestApp } from './test-app.ts';

type Executor = { execute: (...args: unknown[]) => unknown };
type Transactor = Executor & { transaction: (work: (tx: Executor) => unknown, config?: unknown) => unknown };

/**
 * Counts the raw SQL statements (`execute`, every repository query) the app runs while `work`
 * runs, those inside transactions included.
 */
export async function countStatements(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const counted = (target: Executor) => {
    const original = target.execute;
    target.execute = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
    return () => {
      target.execute = original;
    };
  };
  const db = t.db as unknown as Transactor;
  const restore = counted(db);
  const transaction = db.transaction;
  db.transaction = function (this: unknown, run, config) {
    return transaction.call(
      this,
      (tx) => {
        counted(tx);
        return run(tx);
      },
      config,
    );
  };
  try {
    await work();
  } finally {
    restore();
    db.transaction = transaction;
  }
  return count;
}
