import { CYCLE_ITEM_STATES, type CycleItemState } from '@verdict/contract';
import type { CycleItemFilters } from '@/entities/cycle/cycle-api';

/**
 * The cycle page's item filters as the address keeps them (docs/product/cycles-screens.md, "The
 * cycle page"): `?state=failed&assignee=12&suite=3&q=login`. `assignee=none` is unassigned. Values
 * that are not valid are ignored, so an edited link still opens.
 */
export interface FilterParams {
  state: CycleItemState | '';
  /** A user id, 'none', or '' for anyone. */
  assignee: string;
  suite: string;
  q: string;
}

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

export function filtersFromParams(params: URLSearchParams): FilterParams {
  const state = params.get('state') ?? '';
  const assignee = params.get('assignee') ?? '';
  const suite = params.get('suite') ?? '';
  return {
    state: (CYCLE_ITEM_STATES as readonly string[]).includes(state) ? (state as CycleItemState) : '',
    assignee: assignee === 'none' || isId(assignee) ? assignee : '',
    suite: isId(suite) ? suite : '',
    q: (params.get('q') ?? '').slice(0, 255),
  };
}

/** The API's query for these filters. */
export function apiFilters(filters: FilterParams): CycleItemFilters {
  const out: CycleItemFilters = {};
  if (filters.state) out.state = filters.state;
  if (filters.assignee === 'none') out.assignee_id = 0;
  else if (filters.assignee) out.assignee_id = Number(filters.assignee);
  if (filters.suite) out.suite_id = Number(filters.suite);
  if (filters.q.trim()) out.q = filters.q.trim();
  return out;
}

export const hasFilters = (filters: FilterParams) =>
  filters.state !== '' || filters.assignee !== '' || filters.suite !== '' || filters.q.trim() !== '';
