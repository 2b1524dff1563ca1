import { describe, expect, it } from 'vitest';
import { milestoneOf } from '@/test/world';
import { groupMilestones, isOverdue, localToday } from './milestone-groups';

describe('groupMilestones', () => {
  it('lists each milestone once, in its own state, under its parent when they share it', () => {
    const release = milestoneOf(1);
    const sprint = milestoneOf(2, { parent_id: 1 });
    const doneSprint = milestoneOf(3, { parent_id: 1, state: 'completed' });
    const old = milestoneOf(4, { state: 'completed' });
    const { open, completed } = groupMilestones([release, sprint, doneSprint, old]);
    expect(open.map((b) => [b.milestone.id, b.subs.map((s) => s.id), b.parentName])).toEqual([
      [1, [2], null],
    ]);
    expect(completed.map((b) => [b.milestone.id, b.subs.map((s) => s.id), b.parentName])).toEqual([
      [3, [], 'Release 1'],
      [4, [], null],
    ]);
  });
});

describe('isOverdue', () => {
  it('is an open milestone whose due date has passed; the due day itself is on time', () => {
    const today = '2026-11-28';
    expect(isOverdue({ state: 'open', due_date: '2026-11-27' }, today)).toBe(true);
    expect(isOverdue({ state: 'open', due_date: '2026-11-28' }, today)).toBe(false);
    expect(isOverdue({ state: 'completed', due_date: '2026-11-01' }, today)).toBe(false);
    expect(isOverdue({ state: 'open', due_date: null }, today)).toBe(false);
  });

  it('reads today in the local calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
