import type { Tx } from '../../db/client.ts';
import { finishedPlan, threadAuthors, watchersOf } from './notifications-repository.ts';
import { notify } from './notifications-service.ts';

/**
 * The events other modules report, each in the transaction of its action
 * (docs/product/notifications.md, "What you are told of"). The title is what the inbox shows.
 */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One notice per assignment action: the items of one cycle given to one person. */
export function notifyAssigned(
  tx: Tx,
  event: {
    actor: { id: number; username: string };
    assigneeId: number;
    projectId: number;
    cycle: { id: number; name: string };
    count: number;
  },
) {
  return notify(tx, {
    kind: 'assigned',
    userIds: [event.assigneeId],
    projectId: event.projectId,
    title: `${event.actor.username} assigned you ${plural(event.count, 'item')} in cycle "${event.cycle.name}"`,
    link: `/cycles/${event.cycle.id}`,
    actorId: event.actor.id,
  });
}

/**
 * A comment written or edited: its new mentions are told they were mentioned, and (for a new
 * comment) the others who wrote in the thread that someone replied; nobody is told twice.
 */
export async function notifyComment(
  tx: Tx,
  event: {
    actor: { id: number; username: string };
    projectId: number;
    thread: { caseId: number | null; itemId: number | null };
    /** What the thread is on: `case "Pay by card"`. */
    where: string;
    commentId: number;
    newMentions: number[];
    isNew: boolean;
  },
): Promise<void> {
  const link =
    event.thread.caseId !== null
      ? `/cases/${event.thread.caseId}`
      : `/cycle-items/${event.thread.itemId}#comments`;
  const mentioned = await notify(tx, {
    kind: 'mentioned',
    userIds: event.newMentions,
    projectId: event.projectId,
    title: `${event.actor.username} mentioned you on ${event.where}`,
    link,
    actorId: event.actor.id,
  });
  if (!event.isNew) return;
  // Those mentioned are not also told of the reply, even when their mention notice is turned off.
  const skip = new Set([...mentioned, ...event.newMentions]);
  const authors = (await threadAuthors(tx, event.thread, event.commentId)).filter((id) => !skip.has(id));
  await notify(tx, {
    kind: 'replied',
    userIds: authors,
    projectId: event.projectId,
    title: `${event.actor.username} replied on ${event.where}`,
    link,
    actorId: event.actor.id,
  });
}

/** A cycle closed: its creator is told; and a plan whose last open cycle it was, the plan's creator. */
export async function notifyCycleClosed(
  tx: Tx,
  event: {
    actor: { id: number; username: string };
    cycle: {
      id: number;
      name: string;
      project_id: number;
      plan_id: number | null;
      creator: { id: number } | null;
    };
  },
): Promise<void> {
  const { cycle, actor } = event;
  if (cycle.creator) {
    await notify(tx, {
      kind: 'cycle_closed',
      userIds: [cycle.creator.id],
      projectId: cycle.project_id,
      title: `${actor.username} closed cycle "${cycle.name}"`,
      link: `/cycles/${cycle.id}`,
      actorId: actor.id,
    });
  }
  if (cycle.plan_id === null) return;
  const plan = await finishedPlan(tx, cycle.plan_id);
  if (!plan || plan.created_by === null) return;
  await notify(tx, {
    kind: 'plan_finished',
    userIds: [plan.created_by],
    projectId: cycle.project_id,
    title: `Plan "${plan.name}" finished: its last open cycle was closed`,
    link: `/plans/${cycle.plan_id}`,
    actorId: actor.id,
  });
}

/**
 * A quarantine ended: the person who put the case in quarantine is told (decision 246), whether
 * someone ended it (`actor`) or its end date began (found by the daily check, with a dedupe key).
 */
export function notifyQuarantineEnded(
  tx: Tx,
  event: {
    actor: { id: number; username: string } | null;
    quarantinedBy: number;
    projectId: number;
    testCase: { id: number; name: string };
    dedupeKey?: string;
  },
) {
  const { actor, testCase } = event;
  return notify(tx, {
    kind: 'quarantine_ended',
    userIds: [event.quarantinedBy],
    projectId: event.projectId,
    title: actor
      ? `${actor.username} ended the quarantine of case "${testCase.name}"`
      : `The quarantine of case "${testCase.name}" ended`,
    link: `/cases/${testCase.id}`,
    actorId: actor?.id ?? null,
    dedupeKey: event.dedupeKey,
  });
}

/** A milestone due soon with items not yet tested: its creator is told once per due date (decision 247). */
export function notifyMilestoneDue(
  tx: Tx,
  milestone: {
    id: number;
    name: string;
    project_id: number;
    created_by: number;
    due_date: string;
    untested: number;
  },
) {
  return notify(tx, {
    kind: 'milestone_due',
    userIds: [milestone.created_by],
    projectId: milestone.project_id,
    title: `Milestone "${milestone.name}" is due on ${milestone.due_date} with ${plural(milestone.untested, 'item')} not yet tested`,
    link: `/milestones/${milestone.id}`,
    actorId: null,
    dedupeKey: `milestone_due:${milestone.id}:${milestone.due_date}`,
  });
}

/**
 * An import's gate found new failures: each watcher of the project's gate is told once per import,
 * with the count (docs/product/ci-gate.md, "The groups"). The importer is not told of their own.
 */
export async function notifyGateFailure(
  tx: Tx,
  event: {
    actorId: number | null;
    projectId: number;
    cycle: { id: number; name: string };
    branch: string | null;
    newFailures: number;
  },
): Promise<number[]> {
  if (event.newFailures === 0) return [];
  const watchers = await watchersOf(tx, event.projectId);
  const on = event.branch ? ` on branch ${event.branch}` : '';
  return notify(tx, {
    kind: 'gate_failure',
    userIds: watchers,
    projectId: event.projectId,
    title: `${plural(event.newFailures, 'new failure')}${on} in import "${event.cycle.name}"`,
    link: `/cycles/${event.cycle.id}`,
    actorId: event.actorId,
  });
}
