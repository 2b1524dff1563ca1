import { describe, expect, it } from 'vitest';
import { apiFilters, filtersFromParams, hasFilters } from './cycle-filters';

describe('cycle page filters in the address', () => {
  it('reads valid filters and ignores the rest', () => {
    const filters = filtersFromParams(new URLSearchParams('state=failed&assignee=none&suite=3&q=login'));
    expect(filters).toEqual({ state: 'failed', assignee: 'none', suite: '3', q: 'login' });
    expect(apiFilters(filters)).toEqual({ state: 'failed', assignee_id: 0, suite_id: 3, q: 'login' });
    const junk = filtersFromParams(new URLSearchParams('state=done&assignee=-1&suite=x'));
    expect(junk).toEqual({ state: '', assignee: '', suite: '', q: '' });
    expect(hasFilters(junk)).toBe(false);
    expect(apiFilters(filtersFromParams(new URLSearchParams('assignee=12&q=%20%20')))).toEqual({
      assignee_id: 12,
    });
  });
});
