import { describe, expect, it } from 'vitest';
import {
  type CaseSelection,
  isSelected,
  NO_SELECTION,
  rangeIds,
  selectAll,
  selectAllMatching,
  selectedCount,
  selectionBody,
  selectRange,
  toggleRow,
} from './selection';

/** A list of cases 10, 20, … 90 in that order: the id at index i is 10 × (i + 1). */
const ORDER = [10, 20, 30, 40, 50, 60, 70, 80, 90];
const idAt = (index: number) => ORDER[index];
const row = (index: number) => ({ index, id: ORDER[index] as number });
const ticked = (selection: CaseSelection) => ORDER.filter((id) => isSelected(selection, id));

describe('toggleRow', () => {
  it('ticks and unticks one row, which becomes the start of the next range', () => {
    const one = toggleRow(NO_SELECTION, row(2));
    expect(ticked(one)).toEqual([30]);
    expect(one.anchor).toEqual({ index: 2, id: 30 });
    const none = toggleRow(one, row(2));
    expect(ticked(none)).toEqual([]);
    expect(selectedCount(none)).toBe(0);
  });

  it('changes nothing it was given', () => {
    const one = toggleRow(NO_SELECTION, row(0));
    toggleRow(one, row(1));
    expect(ticked(one)).toEqual([10]);
    expect(NO_SELECTION.ids.size).toBe(0);
  });
});

describe('selectRange', () => {
  it('ticks from the last clicked row to this one, both ends, in list order', () => {
    const start = toggleRow(NO_SELECTION, row(1));
    const range = selectRange(start, row(4), idAt);
    expect(ticked(range)).toEqual([20, 30, 40, 50]);
    expect(range.anchor).toEqual({ index: 4, id: 50 });
  });

  it('works upwards too, and adds to what was ticked before', () => {
    let selection = toggleRow(NO_SELECTION, row(8));
    selection = toggleRow(selection, row(5));
    selection = selectRange(selection, row(3), idAt);
    expect(ticked(selection)).toEqual([40, 50, 60, 90]);
  });

  it('unticks the range when the clicked row was ticked', () => {
    let selection = selectAll(NO_SELECTION, ORDER);
    selection = toggleRow(selection, row(2)); // unticks 30, the anchor
    selection = selectRange(selection, row(5), idAt); // 60 is ticked: the range goes off
    expect(ticked(selection)).toEqual([10, 20, 70, 80, 90]);
  });

  it('is a plain toggle with no row clicked before, or when that row has moved', () => {
    expect(ticked(selectRange(NO_SELECTION, row(3), idAt))).toEqual([40]);
    const start = toggleRow(NO_SELECTION, row(1));
    const moved = (index: number) => [99, ...ORDER][index];
    expect(ticked(selectRange(start, { index: 4, id: 40 }, moved))).toEqual([20, 40]);
  });

  it('skips places whose case is not known', () => {
    expect(rangeIds(0, 4, (i) => (i === 2 ? undefined : idAt(i)))).toEqual([10, 20, 40, 50]);
    expect(rangeIds(3, 1, idAt)).toEqual([20, 30, 40]);
  });
});

describe('select all and clear', () => {
  it('ticks all rows shown, keeping the others ticked', () => {
    const selection = selectAll(toggleRow(NO_SELECTION, { index: 0, id: 5 }), [10, 20]);
    expect([...selection.ids].sort((a, b) => a - b)).toEqual([5, 10, 20]);
    expect(selectedCount(selection)).toBe(3);
    expect(selectionBody(selection)).toEqual({ ids: [5, 10, 20] });
  });

  it('clears to nothing', () => {
    expect(selectionBody(NO_SELECTION)).toEqual({ ids: [] });
    expect(selectedCount(NO_SELECTION, 40)).toBe(0);
  });
});

describe('all N matching', () => {
  it('takes the query, less the rows unticked after', () => {
    let selection = selectAllMatching('tag:smoke');
    expect(selectedCount(selection, 1200)).toBe(1200);
    expect(selectionBody(selection)).toEqual({ q: 'tag:smoke' });
    expect(ticked(selection)).toEqual(ORDER);

    selection = toggleRow(selection, row(6));
    selection = toggleRow(selection, row(1));
    expect(isSelected(selection, 70)).toBe(false);
    expect(selectedCount(selection, 1200)).toBe(1198);
    expect(selectionBody(selection)).toEqual({ q: 'tag:smoke', except: [20, 70] });

    // Ticking one again takes it off the exceptions.
    selection = toggleRow(selection, row(1));
    expect(selectionBody(selection)).toEqual({ q: 'tag:smoke', except: [70] });
  });

  it('Shift ranges untick and tick within it', () => {
    let selection = toggleRow(selectAllMatching(''), row(2));
    selection = selectRange(selection, row(4), idAt);
    expect(selectionBody(selection)).toEqual({ q: '', except: [30, 40, 50] });
    selection = selectAll(selection, [40]);
    expect(selectionBody(selection)).toEqual({ q: '', except: [30, 50] });
  });
});
