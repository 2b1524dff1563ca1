import type { BulkSelection } from '@verdict/contract';
import type { ReactNode } from 'react';

/**
 * The cases ticked in a list for a bulk action (docs/product/bulk-actions-screens.md): by id, or
 * "all N matching" a search query less those unticked after. Kept by id, never by row on screen,
 * so a virtualized or paged list can draw any rows. Immutable, so React sees each change.
 */
export interface CaseSelection {
  /** 'ids': `ids` are the ticked cases. 'query': every case matching `query` except `ids`. */
  mode: 'ids' | 'query';
  ids: ReadonlySet<number>;
  /** The search query of a 'query' selection ('' matches every case). */
  query: string;
  /** The row clicked last (its place in the list and its id): where a Shift-click range starts. */
  anchor: { index: number; id: number } | null;
}

export const NO_SELECTION: CaseSelection = { mode: 'ids', ids: new Set(), query: '', anchor: null };

/** One row of a list: its place in list order and its case id. */
export interface SelectionRow {
  index: number;
  id: number;
}

export function isSelected(selection: CaseSelection, id: number): boolean {
  return selection.mode === 'ids' ? selection.ids.has(id) : !selection.ids.has(id);
}

/** Ticks (`on`) or unticks every one of `ids`, whatever the mode. */
export function setSelected(selection: CaseSelection, ids: Iterable<number>, on: boolean): CaseSelection {
  // In 'ids' mode the set holds the ticked; in 'query' mode the unticked.
  const add = selection.mode === 'ids' ? on : !on;
  const next = new Set(selection.ids);
  for (const id of ids) {
    if (add) next.add(id);
    else next.delete(id);
  }
  return { ...selection, ids: next };
}

/** A click on one row's checkbox: it flips, and it becomes the start of the next range. */
export function toggleRow(selection: CaseSelection, row: SelectionRow): CaseSelection {
  return { ...setSelected(selection, [row.id], !isSelected(selection, row.id)), anchor: row };
}

/**
 * The rows from `from` to `to` (both ends, in list order, either way round) a Shift-click range
 * covers. `idAt` answers the case id at a place in the list (undefined where it is not known).
 */
export function rangeIds(from: number, to: number, idAt: (index: number) => number | undefined): number[] {
  const ids: number[] = [];
  for (let index = Math.min(from, to); index <= Math.max(from, to); index++) {
    const id = idAt(index);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/**
 * A Shift-click (or Shift+Space) on `row`: every row from the last clicked one to this one, both
 * ends, takes the state this row's checkbox goes to. With no row clicked before (or the one
 * before gone from the list, `idAt` no longer answering its id there), it is a plain toggle.
 */
export function selectRange(
  selection: CaseSelection,
  row: SelectionRow,
  idAt: (index: number) => number | undefined,
): CaseSelection {
  const anchor = selection.anchor;
  if (!anchor || idAt(anchor.index) !== anchor.id) return toggleRow(selection, row);
  const on = !isSelected(selection, row.id);
  return { ...setSelected(selection, rangeIds(anchor.index, row.index, idAt), on), anchor: row };
}

/** Ticks all of `ids` (the rows shown), keeping what else was ticked. */
export function selectAll(selection: CaseSelection, ids: Iterable<number>): CaseSelection {
  return setSelected(selection, ids, true);
}

/** Every case matching `query` ("select all N matching"); rows can be unticked after. */
export function selectAllMatching(query: string): CaseSelection {
  return { mode: 'query', ids: new Set(), query, anchor: null };
}

/**
 * How many cases are ticked; a 'query' selection needs the query's `total` (the search's
 * count).
 */
export function selectedCount(selection: CaseSelection, total = 0): number {
  return selection.mode === 'ids' ? selection.ids.size : Math.max(0, total - selection.ids.size);
}

/** The `selection` of a bulk call: ids in ascending order, or the query with its exceptions. */
export function selectionBody(selection: CaseSelection): BulkSelection {
  const ids = [...selection.ids].sort((a, b) => a - b);
  if (selection.mode === 'ids') return { ids };
  return ids.length > 0 ? { q: selection.query, except: ids } : { q: selection.query };
}

/** What a list hands the bulk-actions bar it shows above its rows. */
export interface BulkBarProps {
  projectId: number;
  /** What is ticked, as the bulk calls take it. */
  selection: BulkSelection;
  /** How many cases that is (0: the bar shows only the message of the last action). */
  count: number;
  /** `count` is a lower bound: all matches of a search that counts only to 1,000. */
  atLeast?: boolean;
  /** Unticks everything ('Clear selection', and after an action). */
  onClear: () => void;
}

/**
 * The slot a case list (a feature) leaves for the bulk-actions bar (another feature); the screen
 * that composes them, in app/routes, fills it.
 */
export type BulkBarSlot = (props: BulkBarProps) => ReactNode;
