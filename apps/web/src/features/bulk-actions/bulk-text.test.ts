import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  ACTIONS,
  alongText,
  casesText,
  deleteQuestion,
  fieldValueBody,
  mayRun,
  mayRunAny,
  parseTags,
  problemLines,
} from './bulk-text';

describe('the words', () => {
  it('counts cases', () => {
    expect(casesText(1)).toBe('1 case');
    expect(casesText(1200)).toBe('1,200 cases');
    expect(ACTIONS.map((a) => a.button)).toEqual([
      'Move…',
      'Copy…',
      'Set priority…',
      'Tags…',
      'Set field…',
      'Add to cycle…',
      'Link to requirement…',
      'Delete…',
    ]);
  });

  it('asks before a delete with what goes with the cases', () => {
    expect(deleteQuestion({ cases: 3, descendants: 2, runs: 5 })).toBe(
      'Delete 3 cases with 2 child cases and 5 runs? This cannot be undone.',
    );
    expect(deleteQuestion({ cases: 1, descendants: 1, runs: 1 })).toBe(
      'Delete 1 case with 1 child case and 1 run? This cannot be undone.',
    );
    expect(deleteQuestion({ cases: 2, descendants: 0, runs: 4 })).toBe(
      'Delete 2 cases with 4 runs? This cannot be undone.',
    );
    expect(deleteQuestion({ cases: 2, descendants: 0, runs: 0 })).toBe(
      'Delete 2 cases? This cannot be undone.',
    );
  });

  it('says which child cases go along with a move or a copy', () => {
    expect(alongText({ cases: 3, descendants: 0, runs: 9 })).toBe('');
    expect(alongText({ cases: 3, descendants: 1, runs: 0 })).toBe('Their 1 child case goes along.');
    expect(alongText({ cases: 3, descendants: 12, runs: 0 })).toBe('Their 12 child cases go along.');
  });
});

describe('who may run what', () => {
  const holding =
    (...names: string[]) =>
    (name: string) =>
      names.includes(name);
  it('gates each action by the permission of the same change to one case', () => {
    expect(mayRun('link_requirement', holding('edit_requirement'))).toBe(true);
    expect(mayRun('link_requirement', holding('edit_test_case'))).toBe(false);
    expect(mayRunAny(holding('edit_requirement'))).toBe(true);
    expect(mayRun('move', holding('edit_test_case'))).toBe(true);
    expect(mayRun('delete', holding('edit_test_case'))).toBe(false);
    expect(mayRun('copy', holding('add_test_case_in_test_suit'))).toBe(true);
    expect(mayRun('add_to_cycle', holding('edit_test_cycle'))).toBe(true);
    expect(mayRunAny(holding('home_test_case'))).toBe(false);
    expect(mayRunAny(holding('delete_test_case'))).toBe(true);
  });
});

describe('what is sent', () => {
  it('reads tags as the server keeps them', () => {
    expect(parseTags(' Smoke, regression ,, smoke ,x ')).toEqual(['smoke', 'regression', 'x']);
    expect(parseTags(' , ')).toEqual([]);
  });

  it('sends a field value of its type; empty clears it', () => {
    expect(fieldValueBody({ type: 'number' }, ' 42 ')).toBe(42);
    expect(fieldValueBody({ type: 'number' }, 'x')).toBe('x');
    expect(fieldValueBody({ type: 'checkbox' }, 'yes')).toBe(true);
    expect(fieldValueBody({ type: 'checkbox' }, 'no')).toBe(false);
    expect(fieldValueBody({ type: 'checkbox' }, '')).toBeNull();
    expect(fieldValueBody({ type: 'select' }, 'Chrome')).toBe('Chrome');
    expect(fieldValueBody({ type: 'text' }, '   ')).toBeNull();
    expect(fieldValueBody({ type: 'multiselect' }, ['a', 'b'])).toEqual(['a', 'b']);
    expect(fieldValueBody({ type: 'multiselect' }, [])).toBeNull();
    expect(fieldValueBody({ type: 'textarea' }, ' two\nlines ')).toBe(' two\nlines ');
  });

  it("words a refusal: the server's message, then the details that say more", () => {
    const refused = new ApiError({
      kind: 'response',
      status: 400,
      reason: 'HTTP 400',
      body: {
        message: 'Browser must be one of its options',
        details: [
          { field: 'value', message: 'Browser must be one of its options' },
          { field: 'field_id', message: 'more' },
        ],
      },
    });
    expect(problemLines(refused)).toEqual(['Browser must be one of its options', 'more']);
    expect(problemLines(new ApiError({ kind: 'no-response', reason: 'Failed to fetch' }))).toEqual([
      'The server could not be reached. Try again.',
    ]);
    expect(problemLines(new Error('x'))).toEqual(['The action failed. Try again.']);
  });
});
