import type { CycleResult } from '@verdict/contract';
import { useEffect, useState } from 'react';

/** A result the caller recorded in the execution view, kept while they move on. */
export interface RecordedResult {
  result: CycleResult;
  itemId: number;
  caseName: string;
  /** When its answer arrived (Date.now()): the undo window counts from here. */
  at: number;
}

/**
 * What the execution view keeps from one item to the next (the page stays while the item
 * changes): the last result recorded, and whether the list of the cycle's items is open.
 */
export interface ExecutionSession {
  last: RecordedResult | null;
  setLast: (last: RecordedResult | null) => void;
  listOpen: boolean;
  setListOpen: (open: boolean) => void;
}

export function useExecutionSession(): ExecutionSession {
  const [last, setLast] = useState<RecordedResult | null>(null);
  const [listOpen, setListOpen] = useState(false);
  return { last, setLast, listOpen, setListOpen };
}

/**
 * Whether the last result may still be undone by the view: for `seconds` after its answer
 * arrived (the server counts from when it recorded it, a little earlier, and has the last word).
 */
export function useUndoOpen(last: RecordedResult | null, seconds: number): boolean {
  // Redraws once the window closes; between redraws the answer is worked out from the clock.
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!last) return;
    const left = last.at + seconds * 1000 - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => redraw((n) => n + 1), left);
    return () => clearTimeout(timer);
  }, [last, seconds]);
  return last !== null && Date.now() < last.at + seconds * 1000;
}
