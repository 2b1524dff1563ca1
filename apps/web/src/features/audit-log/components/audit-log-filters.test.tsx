import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuditFilters, NO_FILTERS } from '../audit-filters';
import { AuditLogFilters } from './audit-log-filters';

// The filters as the address holds them, kept still: the page's answer to a change comes with
// the next navigation, which may render after the search's wait is over.
const shown: AuditFilters = { ...NO_FILTERS, q: 'Filtered' };

function renderFilters() {
  const onChange = vi.fn();
  render(<AuditLogFilters filters={shown} onChange={onChange} users={undefined} />);
  return onChange;
}

describe('AuditLogFilters', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a filter picked while the search waits keeps both, and the wait does not undo the pick', () => {
    vi.useFakeTimers();
    const onChange = renderFilters();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Entity' }), { target: { value: 'suite' } });
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onChange.mock.calls).toEqual([[{ ...shown, q: '', entity: 'suite' }]]);
  });

  it('Clear filters clears a search still waiting too', () => {
    vi.useFakeTimers();
    const onChange = renderFilters();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onChange.mock.calls).toEqual([[NO_FILTERS]]);
  });

  it('typing alone searches once the typing stops', () => {
    vi.useFakeTimers();
    const onChange = renderFilters();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Other' } });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onChange.mock.calls).toEqual([[{ ...shown, q: 'Other' }]]);
  });
});
