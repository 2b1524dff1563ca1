import { describe, expect, it } from 'vitest';
import {
  actorText,
  auditLogQueryString,
  changeValueText,
  filtersFromParams,
  filtersToParams,
  hasFilters,
  localDayBound,
  NO_FILTERS,
} from './audit-filters';

describe('audit log filters', () => {
  it('round-trip through the address, dropping what is not a valid filter', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=alice&user=7&entity=sub_user&action=sign_in_failed&from=2026-01-02&to=2026-01-31',
      ),
    );
    expect(filters).toEqual({
      q: 'alice',
      userId: 7,
      entity: 'sub_user',
      action: 'sign_in_failed',
      from: '2026-01-02',
      to: '2026-01-31',
    });
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(
      filtersFromParams(new URLSearchParams('user=0&entity=thing&action=read&from=yesterday&to=2026-1-1')),
    ).toEqual(NO_FILTERS);
    expect(filtersFromParams(new URLSearchParams('user=12abc'))).toEqual(NO_FILTERS);
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, q: '  ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, entity: 'run' })).toBe(true);
  });

  it('ask the server for the instants where the local days start and end, and the cursor', () => {
    const from = localDayBound('2026-03-01', false);
    const to = localDayBound('2026-03-01', true);
    expect(new Date(from).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(86_400_000 - 1);
    const query = new URLSearchParams(
      auditLogQueryString(
        { ...NO_FILTERS, q: ' 50% ', userId: 3, from: '2026-03-01', to: '2026-03-01' },
        120,
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      q: '50%',
      user_id: '3',
      from,
      to,
      limit: '50',
      before: '120',
    });
    expect(auditLogQueryString(NO_FILTERS)).toBe('limit=50');
  });

  it('name the actor and show values as text', () => {
    expect(actorText({ actor_id: 3, actor_name: 'alice', actor_email: 'a@example.com' })).toBe('alice');
    expect(actorText({ actor_id: null, actor_name: null, actor_email: 'who@example.com' })).toBe(
      'who@example.com',
    );
    expect(actorText({ actor_id: null, actor_name: null, actor_email: null })).toBe('System');
    expect(changeValueText(null)).toBe('—');
    expect(changeValueText('')).toBe('—');
    expect(changeValueText(['QA', 'Dev'])).toBe('QA, Dev');
    expect(changeValueText([])).toBe('(none)');
    expect(changeValueText(3)).toBe('3');
    expect(changeValueText({ a: 1 })).toBe('{"a":1}');
  });
});
