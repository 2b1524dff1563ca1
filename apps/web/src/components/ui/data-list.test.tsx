import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataList, type DataListColumn, includesText } from './data-list';

interface Person {
  id: number;
  name: string;
  email: string;
}

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: i % 2 === 0 ? `Alice ${i + 1}` : `Bob ${i + 1}`,
    email: `user${i + 1}@example.com`,
  }));

const columns: DataListColumn<Person>[] = [
  { key: 'name', header: 'Username', render: (p) => p.name },
  { key: 'email', header: 'Email', render: (p) => p.email },
];

function renderList(rows: Person[] | undefined, extra: Partial<Parameters<typeof DataList<Person>>[0]> = {}) {
  return render(
    <DataList
      columns={columns}
      rows={rows}
      rowKey={(p) => p.id}
      emptyText="No users found"
      search={{
        placeholder: 'Search users...',
        filter: (p, query) => includesText(query, p.name, p.email),
      }}
      {...extra}
    />,
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataList', () => {
  it('shows no footer or page controls for 8 rows or fewer', () => {
    renderList(people(8));
    expect(bodyRows()).toHaveLength(8);
    expect(screen.queryByText(/Showing/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('pages past 8 rows with a footer and numbered pages', async () => {
    const user = userEvent.setup();
    renderList(people(20));
    expect(bodyRows()).toHaveLength(8);
    expect(screen.getByText('Showing 1-8 of 20')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 9-16 of 20')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByText('Showing 17-20 of 20')).toBeTruthy();
    expect(bodyRows()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '3' }).getAttribute('aria-current')).toBe('page');
  });

  it('counts the index column across pages', async () => {
    const user = userEvent.setup();
    renderList(people(20));
    expect(screen.getByRole('columnheader', { name: '#' })).toBeTruthy();
    expect(firstCells()[0]).toBe('1');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(firstCells()).toEqual(['9', '10', '11', '12', '13', '14', '15', '16']);
  });

  it("takes another index header and width, e.g. 'Sr No' at 100", () => {
    renderList(people(2), { indexColumn: { header: 'Sr No', width: 100 }, search: undefined });
    const header = screen.getByRole('columnheader', { name: 'Sr No' });
    expect(header.style.width).toBe('100px');
  });

  it('filters case-insensitively and resets to page 1 when the search changes', async () => {
    const user = userEvent.setup();
    renderList(people(30));
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByText('Showing 17-24 of 30')).toBeTruthy();

    await user.type(screen.getByPlaceholderText('Search users...'), 'ALICE');
    // 15 Alices: back on page 1.
    expect(screen.getByText('Showing 1-8 of 15')).toBeTruthy();
    expect(firstCells()[0]).toBe('1');
    expect(bodyRows().every((row) => row.textContent?.includes('Alice'))).toBe(true);

    await user.clear(screen.getByPlaceholderText('Search users...'));
    await user.type(screen.getByPlaceholderText('Search users...'), 'USER3@EXAMPLE');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('shows the empty text when nothing matches', async () => {
    const user = userEvent.setup();
    renderList(people(3));
    await user.type(screen.getByPlaceholderText('Search users...'), 'zzz');
    expect(screen.getByText('No users found')).toBeTruthy();
  });

  it('shows the empty text for an empty list and a loading state while rows are unknown', () => {
    const { rerender } = renderList([]);
    expect(screen.getByText('No users found')).toBeTruthy();
    rerender(<DataList columns={columns} rows={undefined} rowKey={(p) => p.id} emptyText="No users found" />);
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.queryByText('No users found')).toBeNull();
  });

  it('stays on a valid page when rows disappear', async () => {
    const user = userEvent.setup();
    const { rerender } = renderList(people(9));
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(bodyRows()).toHaveLength(1);
    rerender(<DataList columns={columns} rows={people(8)} rowKey={(p) => p.id} emptyText="No users found" />);
    expect(bodyRows()).toHaveLength(8);
  });

  it('shows a load error in an error box', () => {
    renderList([], { error: 'Failed to fetch users' });
    expect(screen.getByRole('alert').textContent).toBe('⚠️ Failed to fetch users');
  });
});
