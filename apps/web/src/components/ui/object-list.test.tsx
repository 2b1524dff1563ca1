import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OBJECT_LIST_PAGE_SIZE, ObjectList, pageFromParam } from './object-list';

interface Item {
  id: number;
  name: string;
}

const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}` }));

function renderList(rows: Item[] | undefined, path = '/list', error: unknown = null) {
  const onRetry = vi.fn();
  const result = renderWithProviders(
    <ObjectList
      label="Items"
      rows={rows}
      rowKey={(item) => item.id}
      renderRow={(item) => <span>{item.name}</span>}
      pageParam="items"
      empty={<p>Nothing here yet.</p>}
      error={error}
      what="the items"
      onRetry={onRetry}
      loadingText="Loading items..."
    />,
    { path },
  );
  return { ...result, onRetry };
}

describe('pageFromParam', () => {
  it('reads a positive whole page, else page 1', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('2.5')).toBe(1);
    expect(pageFromParam('x')).toBe(1);
  });
});

describe('ObjectList', () => {
  it('draws only the page named in the address and links to the others', async () => {
    const { router } = renderList(items(10_000), '/list?items=3');
    const list = screen.getByRole('list', { name: 'Items' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(OBJECT_LIST_PAGE_SIZE);
    expect(rows[0]?.textContent).toBe(`Item ${2 * OBJECT_LIST_PAGE_SIZE + 1}`);
    expect(screen.getByText('Showing 51-75 of 10000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(router.state.location.search).toBe('?items=4');
    const next = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(next[0]?.textContent).toBe(`Item ${3 * OBJECT_LIST_PAGE_SIZE + 1}`);
    await userEvent.click(screen.getByRole('link', { name: 'Page 1' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows the empty state, not an empty list', () => {
    renderList([]);
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says that a load failed, with Retry, instead of the empty state', async () => {
    const { onRetry } = renderList(undefined, '/list', new Error('down'));
    expect(screen.getByText(/Could not load the items/)).toBeTruthy();
    expect(screen.queryByText('Nothing here yet.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
