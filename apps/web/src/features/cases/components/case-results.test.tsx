import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaseResultEntry } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CaseResults } from './case-results';

const entry = (over: Partial<CaseResultEntry>): CaseResultEntry => ({
  source: 'run',
  state: 'passed',
  run_id: null,
  result_id: null,
  cycle: null,
  parameter_row: null,
  executor: { id: 2, username: 'alice' },
  executed_by: 2,
  elapsed_ms: null,
  comment: null,
  failure: null,
  created_at: '2026-11-22T10:00:00.000Z',
  ...over,
});

const newest: CaseResultEntry[] = [
  entry({
    source: 'cycle',
    state: 'blocked',
    result_id: 31,
    cycle: { id: 9, name: 'Release 2.4' },
    comment: 'No test card',
    parameter_row: { index: 2, values: { card: 'Amex', locale: 'de' } },
    created_at: '2026-11-24T10:00:00.000Z',
  }),
  entry({
    source: 'import',
    state: 'failed',
    run_id: 12,
    result_id: 30,
    cycle: { id: 8, name: 'Nightly 7' },
    executor: null,
    executed_by: 5,
    elapsed_ms: 1200,
    failure: { message: 'coupon rejected', type: 'AssertionError', text: 'at Coupon.apply' },
    created_at: '2026-11-23T10:00:00.000Z',
  }),
];
const older: CaseResultEntry[] = [entry({ run_id: 4, created_at: '2026-11-20T10:00:00.000Z' })];

describe('CaseResults', () => {
  it('lists every result once, newest first, naming where it came from, and loads older ones', async () => {
    mockApi({
      'GET /api/test-cases/5/results?limit=20&offset=0': { body: { items: newest, total: 3 } },
      'GET /api/test-cases/5/results?limit=20&offset=2': { body: { items: older, total: 3 } },
    });
    renderWithProviders(<CaseResults caseId={5} />);
    const list = await screen.findByRole('list', { name: 'Results, newest first' });
    expect(screen.getByRole('heading', { name: 'All results (3)' })).toBeTruthy();
    const lines = within(list).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.textContent).toContain('Blocked');
    expect(lines[0]!.textContent).toContain('Test cycle Release 2.4');
    expect(lines[0]!.textContent).toContain('No test card');
    expect(within(lines[0]!).getByText('Row 2 · card: Amex · locale: de')).toBeTruthy();
    expect(lines[1]!.textContent).not.toContain('Row ');
    expect(within(lines[0]!).getByRole('link', { name: 'Release 2.4' }).getAttribute('href')).toBe(
      '/cycles/9',
    );
    expect(lines[1]!.textContent).toContain('Import Nightly 7');
    expect(lines[1]!.textContent).toContain('ID: 5 · 1.2 s');
    expect(lines[1]!.textContent).toContain('coupon rejected');
    expect(within(lines[1]!).getByText('Details (AssertionError)')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older results' }));
    expect(await within(list).findByText('Test run #4')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show older results' })).toBeNull();
  });

  it("shows the files of a cycle's or an import's result: a screenshot and a trace", async () => {
    const file = (id: number, name: string, content_type: string) => ({
      id,
      name,
      content_type,
      size: 2048,
      case_id: null,
      result_id: 30,
      created_by: { id: 5, username: 'ci' },
      created_at: '2026-11-23T10:00:00.000Z',
      is_image: content_type === 'image/png',
    });
    mockApi({
      'GET /api/test-cases/5/results?limit=20&offset=0': { body: { items: newest, total: 2 } },
      'GET /api/cycle-results/31/attachments': { body: { attachments: [] } },
      'GET /api/cycle-results/30/attachments': {
        body: {
          attachments: [file(1, 'test-failed-1.png', 'image/png'), file(2, 'trace.zip', 'application/zip')],
        },
      },
    });
    renderWithProviders(<CaseResults caseId={5} />);
    const files = await screen.findByRole('list', { name: /^Files of the result of / });
    expect(within(files).getByRole('button', { name: /test-failed-1\.png/ })).toBeTruthy();
    expect(within(files).getByRole('button', { name: /trace\.zip/ })).toBeTruthy();
    expect(files.textContent).toContain('npx playwright show-trace trace.zip');
    // Under the import's result, the second line.
    const lines = screen.getByRole('list', { name: 'Results, newest first' }).children;
    expect(lines[1]!.contains(files)).toBe(true);
  });
});
