import type { Db } from '../../db/client.ts';
import { milestonesDueWithin, quarantinesEndedBy } from './daily-checks-repository.ts';
import { notifyMilestoneDue, notifyQuarantineEnded } from './notification-events.ts';

/**
 * The daily checks (docs/product/notifications.md, "What you are told of"), run by each instance's
 * daily loop before the digest, so what they find goes in that day's digest. Each notice carries a
 * dedupe key: running them again, or on a second instance, tells nobody twice.
 */

/** How many days ahead a milestone's due date is told of (decision 247). */
export const MILESTONE_DUE_DAYS = 2;

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Tells of the quarantines that ended by their date; answers how many people were told. */
export async function notifyEndedQuarantines(db: Db, now = new Date()): Promise<number> {
  let told = 0;
  for (const ended of await quarantinesEndedBy(db, dayOf(now))) {
    const notified = await db.transaction((tx) =>
      notifyQuarantineEnded(tx, {
        actor: null,
        quarantinedBy: ended.created_by,
        projectId: ended.project_id,
        testCase: { id: ended.case_id, name: ended.case_name },
        dedupeKey: `quarantine_ended:${ended.case_id}:${ended.started}`,
      }),
    );
    told += notified.length;
  }
  return told;
}

/** Tells the creators of milestones due within two days with items not yet tested; answers how many. */
export async function notifyMilestonesDue(db: Db, now = new Date()): Promise<number> {
  let told = 0;
  for (const milestone of await milestonesDueWithin(db, dayOf(now), MILESTONE_DUE_DAYS)) {
    told += (await db.transaction((tx) => notifyMilestoneDue(tx, milestone))).length;
  }
  return told;
}
