import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { WorkloadReport } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { WorkloadSection } from './workload-section';

const loaded = (data: WorkloadReport) => ({ data, error: null }) as unknown as UseQueryResult<WorkloadReport>;

describe('WorkloadSection', () => {
  it('lists each tester with their items by state and results, a deleted user by id', () => {
    render(
      <WorkloadSection
        workload={loaded({
          users: [
            {
              user_id: 7,
              username: 'jane',
              assigned: 1200,
              untested: 700,
              retest: 100,
              done: 400,
              results: 1500,
            },
            { user_id: 9, username: null, assigned: 0, untested: 0, retest: 0, done: 0, results: 2 },
          ],
        })}
      />,
    );
    const table = screen.getByRole('table', { name: /results recorded, by tester/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Tester', 'Assigned', 'Untested', 'Retest', 'Done', 'Results recorded']);
    const [jane, deleted] = within(table).getAllByRole('row').slice(1);
    expect(within(jane!).getByRole('rowheader').textContent).toBe('jane');
    expect(
      within(jane!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,200', '700', '100', '400', '1,500']);
    expect(within(deleted!).getByRole('rowheader').textContent).toBe('Deleted user #9');
  });

  it('says when nobody has work', () => {
    render(<WorkloadSection workload={loaded({ users: [] })} />);
    expect(screen.getByText('No assigned items or recorded results.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
