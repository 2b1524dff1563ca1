import { describe, expect, it } from 'vitest';
import { configurationGroupOf } from '@/test/world';
import {
  blankEntry,
  createBodyOf,
  emptyEntryText,
  entryCycleCount,
  entryErrorsOf,
  planCycleCount,
  tooManyCyclesText,
} from './plan-entries';

const BROWSER = configurationGroupOf(1, 'Browser', ['Chrome', 'Firefox', 'Safari']);
const OS = configurationGroupOf(2, 'OS', ['Linux', 'Windows']);
const GROUPS = [BROWSER, OS];

describe('the cycles of a plan, counted as the server counts them', () => {
  it('multiplies the picked configurations of each group; none picked is one cycle', () => {
    expect(entryCycleCount(blankEntry(1), GROUPS)).toBe(1);
    expect(entryCycleCount({ configurationIds: new Set([11, 12]) }, GROUPS)).toBe(2);
    expect(entryCycleCount({ configurationIds: new Set([11, 12, 21, 22]) }, GROUPS)).toBe(4);
    expect(entryCycleCount({ configurationIds: new Set([11, 12, 13, 21]) }, GROUPS)).toBe(3);
    const entries = [blankEntry(1), { ...blankEntry(2), configurationIds: new Set([11, 12]) }];
    expect(planCycleCount(entries, GROUPS)).toBe(3);
  });

  it("refuses above 100 in the server's words", () => {
    expect(tooManyCyclesText(100)).toBeNull();
    expect(tooManyCyclesText(110)).toBe('The plan would make 110 test cycles; a plan makes at most 100');
  });
});

describe('the body of a new plan', () => {
  it('sends each entry its selection, a trimmed name, sorted configurations and an assignee', () => {
    const body = createBodyOf({ name: ' Release 2 ', description: 'Notes', milestone_id: '4' }, [
      { ...blankEntry(1), scope: 'all', name: '  ' },
      {
        ...blankEntry(2),
        name: ' Smoke ',
        selection: { suiteIds: new Set([3]), caseIds: new Set([9, 7]) },
        configurationIds: new Set([12, 11]),
        assignee_id: '8',
      },
    ]);
    expect(body).toEqual({
      name: 'Release 2',
      description: 'Notes',
      milestone_id: 4,
      entries: [
        { all_cases: true },
        { name: 'Smoke', suite_ids: [3], case_ids: [7, 9], configuration_ids: [11, 12], assignee_id: 8 },
      ],
    });
    expect(
      createBodyOf({ name: 'R', description: '', milestone_id: '' }, [blankEntry(1)]).milestone_id,
    ).toBeNull();
  });

  it('names an entry that selects nothing, and places the server refusals by entry', () => {
    expect(emptyEntryText(blankEntry(1), 1)).toBe('Entry 2: choose its cases: suites, cases or all cases');
    expect(emptyEntryText({ ...blankEntry(1), scope: 'all' }, 0)).toBeNull();
    const errors = entryErrorsOf({
      'entries[1].assignee_id': 'Entry 2: the assignee must be a user who sees the project',
      name: 'Plan name is required',
    });
    expect([...errors]).toEqual([[1, 'Entry 2: the assignee must be a user who sees the project']]);
  });
});
