import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaseImportPreview } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { lineStream } from '@/test/line-stream';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail } from '@/test/world';

const IMPORTER = ['home_project', 'home_test_case', 'add_test_case_in_project'];

const shell = (permissions = IMPORTER): MockHandlers => ({
  'GET /api/projects/detail/3': { body: projectDetail(permissions) },
  'GET /api/projects/list': { body: [] },
  'GET /api/projects/3/case-fields': {
    body: {
      fields: [
        {
          id: 12,
          project_id: 3,
          name: 'Browser',
          type: 'text',
          required: false,
          options: [],
          default: null,
          position: 1,
        },
      ],
    },
  },
});

const COLUMNS = ['Title', 'Section Hierarchy', 'Steps (Step)', 'Steps (Expected Result)', 'Priority', 'Type'];
const GUESS = ['name', 'suite', 'steps', 'expected_results', 'priority', null];

const preview = (patch: Partial<CaseImportPreview> = {}): CaseImportPreview => ({
  format: 'csv',
  recognized: 'testrail',
  columns: COLUMNS,
  mapping: GUESS,
  cases: 2,
  suites_to_create: ['Checkout'],
  preview: [
    {
      row: 2,
      name: 'Pay by card',
      suite: 'Checkout',
      parent_row: null,
      priority: 'high',
      priority_valid: true,
      tags: [],
      steps: 2,
    },
    {
      row: 3,
      name: 'Refund',
      suite: null,
      parent_row: null,
      priority: 'medium',
      priority_valid: true,
      tags: ['smoke'],
      steps: 0,
    },
  ],
  problems: [],
  problem_count: 0,
  shared_steps_mapped: 0,
  notes: [],
  ...patch,
});

const PREVIEW = '/api/projects/3/case-imports/preview';
const encoded = (mapping: (string | null)[]) => encodeURIComponent(mapping.map((t) => t ?? '').join(','));

async function chooseFile(name = 'cases.csv', type = 'text/csv') {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('CSV or XLSX file');
  const file = new File(['Title,Priority\nPay,High\n'], name, { type });
  await user.upload(input, file);
  return { user, file };
}

describe('Import Test Cases', () => {
  it('previews the chosen file: recognised format, the server’s mapping, rows and new suites', async () => {
    const { calls } = signedIn(IMPORTER, { ...shell(), [`POST ${PREVIEW}`]: { body: preview() } });
    renderApp('/projects/3/import-cases');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Test Cases' })).toBeTruthy();
    const { file } = await chooseFile();

    expect(
      await screen.findByText('Recognised as a TestRail export: its columns are mapped for you.'),
    ).toBeTruthy();
    expect(screen.getByText('cases.csv: 2 cases.')).toBeTruthy();
    const call = calls.find((c) => c.path === PREVIEW);
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Content-Type')).toBe('text/csv');
    expect(call?.headers.get('Authorization')).toBe('Bearer tok');
    expect(file.size).toBeGreaterThan(0);

    const title = screen.getByRole('combobox', { name: 'Title' }) as HTMLSelectElement;
    expect(title.value).toBe('name');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('');
    expect(
      within(title)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Browser');

    const rows = within(screen.getByRole('table', { name: 'All 2 cases' })).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('2Pay by cardCheckoutHighNone2');
    expect(rows[2]?.textContent).toBe('3RefundNo suiteMediumsmoke0');
    expect(screen.getByText('New suite: Checkout.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import 2 cases' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('names the columns left out, says how sections become suites, and shows an invalid priority as such', async () => {
    const invalid = preview({
      preview: [
        {
          row: 2,
          name: 'Pay by card',
          suite: 'Checkout',
          parent_row: null,
          priority: 'Urgent',
          priority_valid: false,
          tags: [],
          steps: 2,
        },
      ],
      cases: 1,
    });
    signedIn(IMPORTER, { ...shell(), [`POST ${PREVIEW}`]: { body: invalid } });
    renderApp('/projects/3/import-cases');
    await chooseFile();
    expect(await screen.findByText('Not imported (1 column): Type.')).toBeTruthy();
    expect(
      screen.getByText(/Section Hierarchy \("Checkout > Payments"\) gives one suite per section path/),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'The one case' })).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('2Pay by cardCheckoutUrgent (not a priority)None2');
  });

  it('names every problem by row and column, with the count, and will not import', async () => {
    signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: {
        body: preview({
          problems: [
            {
              row: 3,
              column: 'Priority',
              message: 'Unknown priority "Urgent": use critical, high, medium or low',
            },
          ],
          problem_count: 250,
        }),
      },
    });
    renderApp('/projects/3/import-cases');
    await chooseFile();
    const problems = await screen.findByRole('region', { name: '250 problems' });
    expect(within(problems).getByRole('listitem').textContent).toBe(
      'Row 3, Priority: Unknown priority "Urgent": use critical, high, medium or low',
    );
    expect(within(problems).getByText('Showing the first 1 of 250 problems.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Import 2 cases' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(
      screen.getByText('Fix the problems listed above (in the file or in the mapping) to import.'),
    ).toBeTruthy();
  });

  it('previews again with ?mapping= when a select changes, and needs a Name column', async () => {
    const mine = ['suite', 'suite', 'steps', 'expected_results', 'priority', null];
    const { calls } = signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST ${PREVIEW}?mapping=${encoded(mine)}`]: { body: preview({ mapping: mine }) },
    });
    renderApp('/projects/3/import-cases');
    const { user } = await chooseFile();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Title' }), 'Suite');
    await waitFor(() =>
      expect(calls.some((c) => c.path === `${PREVIEW}?mapping=${encoded(mine)}`)).toBe(true),
    );
    expect(await screen.findByText('No column is mapped to Name: every case needs a name.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Import 2 cases' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(screen.getByText('Map a column to Name to import.')).toBeTruthy();
  });

  it('keeps the mapping on screen when a preview fails, with the server’s reason', async () => {
    const mine = ['name', 'name', 'steps', 'expected_results', 'priority', null];
    signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST ${PREVIEW}?mapping=${encoded(mine)}`]: {
        status: 400,
        body: { message: 'Two columns are mapped to Name' },
      },
    });
    renderApp('/projects/3/import-cases');
    const { user } = await chooseFile();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Section Hierarchy' }), 'Name');
    expect(await screen.findByText('Two columns are mapped to Name')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Section Hierarchy' }) as HTMLSelectElement).value).toBe(
      'name',
    );
    expect((screen.getByRole('button', { name: 'Import 2 cases' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports with the shown mapping, reading the answer line by line into a progress bar', async () => {
    const stream = lineStream();
    const { calls } = signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST /api/projects/3/case-imports?mapping=${encoded(GUESS)}`]: stream.response,
    });
    renderApp('/projects/3/import-cases');
    const { user } = await chooseFile();
    await user.click(await screen.findByRole('button', { name: 'Import 2 cases' }));

    const call = calls.find((c) => c.path.startsWith('/api/projects/3/case-imports?'));
    expect(call?.headers.get('Accept')).toBe('application/x-ndjson');
    expect(call?.headers.get('Content-Type')).toBe('text/csv');
    expect(await screen.findByText('0 of 2 cases')).toBeTruthy();
    stream.send({ done: 1, total: 2 });
    expect(await screen.findByText('1 of 2 cases')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Import progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(1);
    expect(bar.max).toBe(2);
    expect((screen.getByRole('combobox', { name: 'Title' }) as HTMLSelectElement).disabled).toBe(true);

    stream.send({ done: 2, total: 2 });
    stream.send({ message: 'Imported 2 cases and created 1 suite', created: 2, suites_created: 1 });
    stream.end();
    expect(await screen.findByText('Imported 2 cases and created 1 suite')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Project' }).getAttribute('href')).toBe('/projects/3');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(document.activeElement).toBe(screen.getByLabelText('CSV or XLSX file'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says nothing was imported when the server refuses the file or fails on the way', async () => {
    const stream = lineStream();
    signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST /api/projects/3/case-imports?mapping=${encoded(GUESS)}`]: stream.response,
    });
    renderApp('/projects/3/import-cases');
    const { user } = await chooseFile();
    await user.click(await screen.findByRole('button', { name: 'Import 2 cases' }));
    stream.send({ done: 1, total: 2 });
    stream.send({ message: 'The database refused the cases', error: true });
    stream.end();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database refused the cases');
    expect(alert.textContent).toContain('Nothing was imported.');
    expect(screen.getByRole('button', { name: 'Import 2 cases' })).toBeTruthy();
  });

  it('lists the problems of a 400 answer', async () => {
    signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST /api/projects/3/case-imports?mapping=${encoded(GUESS)}`]: {
        status: 400,
        body: {
          message: 'The file has 1 problem; nothing was imported',
          details: [{ field: 'row 3, Priority', message: 'Unknown priority "Urgent"' }],
        },
      },
    });
    renderApp('/projects/3/import-cases');
    const { user } = await chooseFile();
    await user.click(await screen.findByRole('button', { name: 'Import 2 cases' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file has 1 problem; nothing was imported');
    expect(alert.textContent).not.toContain('Nothing was imported.');
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Row 3, Priority: Unknown priority "Urgent"',
    );
  });

  it('sends an XLSX file with its type and says when a file cannot be read', async () => {
    const { calls } = signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { status: 400, body: { message: 'The file is not a CSV or XLSX file' } },
    });
    renderApp('/projects/3/import-cases');
    await chooseFile('cases.xlsx', '');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not read cases.xlsx.');
    expect(screen.getByText('The file is not a CSV or XLSX file')).toBeTruthy();
    expect(calls.find((c) => c.path === PREVIEW)?.headers.get('Content-Type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('names the permission it needs, and the project page links here for those who have it', async () => {
    signedIn(['home_project'], shell(['home_project']));
    renderApp('/projects/3/import-cases');
    expect(
      await screen.findByText('You need the add_test_case_in_project permission to see this page.', {
        exact: false,
      }),
    ).toBeTruthy();
  });

  it('shows "Import cases" on the project page with add_test_case_in_project', async () => {
    const user = userEvent.setup();
    signedIn(IMPORTER, shell());
    renderApp('/projects/3');
    // It sits in the project page's Import / Export menu.
    await user.click(await screen.findByRole('button', { name: 'Import / Export' }));
    const link = await screen.findByRole('link', { name: 'Import cases' });
    expect(link.getAttribute('href')).toBe('/projects/3/import-cases');
  });
});
