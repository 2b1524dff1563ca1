import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  isEmptySelection,
  selectionBody,
  selectionText,
  toggleCase,
  toggleSuite,
} from './case-selection';

describe('case selection of a new cycle', () => {
  it('toggles suites and cases without changing the earlier value', () => {
    const one = toggleSuite(EMPTY_SELECTION, 3);
    const two = toggleCase(one, 9);
    expect(EMPTY_SELECTION.suiteIds.size).toBe(0);
    expect([...two.suiteIds]).toEqual([3]);
    expect([...two.caseIds]).toEqual([9]);
    expect(isEmptySelection(toggleSuite(one, 3))).toBe(true);
  });

  it('says what is chosen and builds the body with sorted ids', () => {
    expect(selectionText(EMPTY_SELECTION)).toBe('Nothing chosen yet');
    const chosen = toggleCase(toggleCase(toggleSuite(EMPTY_SELECTION, 5), 12), 4);
    expect(selectionText(chosen)).toBe('1 suite and 2 cases chosen');
    expect(selectionBody(chosen)).toEqual({ suite_ids: [5], case_ids: [4, 12] });
    expect(selectionBody(toggleSuite(EMPTY_SELECTION, 1))).toEqual({ suite_ids: [1] });
  });
});
