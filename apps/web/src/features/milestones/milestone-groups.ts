import type { Milestone } from '@verdict/contract';

/** A milestone as the list shows it: with the sub-milestones listed beneath it. */
export interface MilestoneBranch {
  milestone: Milestone;
  subs: Milestone[];
  /** Its parent's name, when the parent is listed in the other group (decision 194). */
  parentName: string | null;
}

export interface MilestoneGroups {
  open: MilestoneBranch[];
  completed: MilestoneBranch[];
}

/**
 * Splits a project's milestones into open and completed ones (decision 194): each milestone is
 * listed once, in its own state's group; a sub-milestone sits under its parent when they share
 * the group, else at the top of its group with its parent named. Order is the server's (the
 * order they were made).
 */
export function groupMilestones(milestones: readonly Milestone[]): MilestoneGroups {
  const byId = new Map(milestones.map((milestone) => [milestone.id, milestone]));
  const branchesOf = (state: Milestone['state']): MilestoneBranch[] => {
    const inGroup = milestones.filter((milestone) => milestone.state === state);
    const parentHere = (milestone: Milestone) =>
      milestone.parent_id !== null && byId.get(milestone.parent_id)?.state === state;
    return inGroup
      .filter((milestone) => !parentHere(milestone))
      .map((milestone) => ({
        milestone,
        subs: inGroup.filter((sub) => sub.parent_id === milestone.id),
        parentName: milestone.parent_id === null ? null : (byId.get(milestone.parent_id)?.name ?? null),
      }));
  };
  return { open: branchesOf('open'), completed: branchesOf('completed') };
}

/** Today as `YYYY-MM-DD` in the reader's time zone, the calendar a due date is read in. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Open with a due date before today: the day it is due still counts as on time. */
export function isOverdue(milestone: Pick<Milestone, 'state' | 'due_date'>, today = localToday()): boolean {
  return milestone.state === 'open' && milestone.due_date !== null && milestone.due_date < today;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day in the reader's locale ("Mar 1, 2026"), the same day wherever the reader is. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}
