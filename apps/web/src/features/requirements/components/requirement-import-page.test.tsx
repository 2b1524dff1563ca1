import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequirementImportPreview } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { lineStream } from '@/test/line-stream';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail, projectShell } from '@/test/world';

const IMPORTER = ['home_project', 'home_requirement', 'add_requirement', 'edit_requirement'];

const shell = (permissions = IMPORTER): MockHandlers => projectShell(projectDetail(permissions));

const COLUMNS = ['ID', 'Summary', 'State', 'Parent', 'Owner'];
const GUESS = ['key', 'title', 'status', 'parent', null];

const preview = (patch: Partial<RequirementImportPreview> = {}): RequirementImportPreview => ({
  format: 'csv',
  columns: COLUMNS,
  mapping: GUESS,
  requirements: 3,
  creates: 2,
  updates: 1,
  preview: [
    { row: 2, key: 'REQ-1', title: 'Checkout', status: 'approved', parent_key: null, action: 'update' },
    { row: 3, key: null, title: 'Pay by card', status: 'draft', parent_key: 'REQ-1', action: 'create' },
    { row: 4, key: 'PAY-9', title: 'Refund', status: 'implemented', parent_key: null, action: 'create' },
  ],
  problems: [],
  problem_count: 0,
  ...patch,
});

const PREVIEW = '/api/projects/3/requirement-imports/preview';
const IMPORT = '/api/projects/3/requirement-imports';
const encoded = (mapping: (string | null)[]) => encodeURIComponent(mapping.map((t) => t ?? '').join(','));

async function chooseFile(name = 'requirements.csv', type = 'text/csv') {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('CSV or XLSX file');
  await user.upload(input, new File(['ID,Summary\nREQ-1,Checkout\n'], name, { type }));
  return user;
}

describe('Import Requirements', () => {
  // The first test loads the screen's lazy chunks: allow for a busy machine.
  it('previews the chosen file: the server’s mapping, new and updated rows', {
    timeout: 20_000,
  }, async () => {
    const { calls } = signedIn(IMPORTER, { ...shell(), [`POST ${PREVIEW}`]: { body: preview() } });
    renderApp('/projects/3/import-requirements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Requirements' })).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Requirements' }).getAttribute('href')).toBe(
      '/projects/3/requirements',
    );
    await chooseFile();

    expect(await screen.findByText('requirements.csv: 3 requirements (2 new, 1 updated).')).toBeTruthy();
    const call = calls.find((c) => c.path === PREVIEW);
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Content-Type')).toBe('text/csv');

    const summary = screen.getByRole('combobox', { name: 'Summary' }) as HTMLSelectElement;
    expect(summary.value).toBe('title');
    expect((screen.getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement).value).toBe('');
    expect(
      within(summary)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Don't import", 'Key', 'Title', 'Description', 'Status', 'Parent key', 'Link']);
    expect(screen.getByText('Not imported (1 column): Owner.')).toBeTruthy();

    const rows = within(screen.getByRole('table', { name: 'All 3 requirements' })).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('RowKeyTitleStatusParentAction');
    expect(rows[1]?.textContent).toBe('2REQ-1CheckoutApprovedUnchangedUpdate');
    expect(rows[2]?.textContent).toBe('3New: next free keyPay by cardDraftREQ-1Create');
    expect(rows[3]?.textContent).toBe('4PAY-9RefundImplementedNoneCreate');
    expect(
      (screen.getByRole('button', { name: 'Import 3 requirements' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('names every problem by row and column, with the count, and will not import', async () => {
    signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: {
        body: preview({
          problems: [
            { row: 4, column: 'Parent', message: 'No requirement has the key "REQ-404"' },
            { row: 1, column: '', message: 'Choose the column that holds the titles' },
          ],
          problem_count: 2,
        }),
      },
    });
    renderApp('/projects/3/import-requirements');
    await chooseFile();
    expect(
      await screen.findByText('requirements.csv: 3 requirements (2 new, 1 updated), 2 problems.'),
    ).toBeTruthy();
    const problems = screen.getByRole('region', { name: '2 problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Row 4, Parent: No requirement has the key "REQ-404"',
      'Header row: Choose the column that holds the titles',
    ]);
    expect(
      (screen.getByRole('button', { name: 'Import 3 requirements' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      screen.getByText('Fix the problems listed above (in the file or in the mapping) to import.'),
    ).toBeTruthy();
  });

  it('previews again with ?mapping= when a select changes, and needs a Title column', async () => {
    const mine = ['key', null, 'status', 'parent', null];
    const { calls } = signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST ${PREVIEW}?mapping=${encoded(mine)}`]: { body: preview({ mapping: mine }) },
    });
    renderApp('/projects/3/import-requirements');
    const user = await chooseFile();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Summary' }), "Don't import");
    await waitFor(() =>
      expect(calls.some((c) => c.path === `${PREVIEW}?mapping=${encoded(mine)}`)).toBe(true),
    );
    expect(
      await screen.findByText('No column is mapped to Title: every requirement needs a title.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Map a column to Title to import.')).toBeTruthy());
    expect(
      (screen.getByRole('button', { name: 'Import 3 requirements' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('imports with the shown mapping, a progress bar from the lines, then the server’s message', async () => {
    const stream = lineStream();
    const { calls } = signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST ${IMPORT}?mapping=${encoded(GUESS)}`]: stream.response,
    });
    renderApp('/projects/3/import-requirements');
    const user = await chooseFile();
    await user.click(await screen.findByRole('button', { name: 'Import 3 requirements' }));

    const call = calls.find((c) => c.path.startsWith(`${IMPORT}?`));
    expect(call?.headers.get('Accept')).toBe('application/x-ndjson');
    expect(await screen.findByText('0 of 3 requirements')).toBeTruthy();
    stream.send({ done: 2, total: 3 });
    expect(await screen.findByText('2 of 3 requirements')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Import progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(2);
    expect(bar.max).toBe(3);

    stream.send({ done: 3, total: 3 });
    stream.send({ message: 'Imported 3 requirements: 2 new, 1 updated', created: 2, updated: 1 });
    stream.end();
    expect(await screen.findByText('Imported 3 requirements: 2 new, 1 updated')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Requirements' }).getAttribute('href')).toBe(
      '/projects/3/requirements',
    );
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(document.activeElement).toBe(screen.getByLabelText('CSV or XLSX file'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a 403 refusal and the problems of a 400, saying nothing was imported', async () => {
    let answer = 0;
    signedIn(IMPORTER, {
      ...shell(),
      [`POST ${PREVIEW}`]: { body: preview() },
      [`POST ${IMPORT}?mapping=${encoded(GUESS)}`]: () =>
        ++answer === 1
          ? { status: 403, body: { message: 'You need the edit_requirement permission to update REQ-1' } }
          : {
              status: 400,
              body: {
                message: 'The file has 1 problem; nothing was imported',
                details: [{ field: 'row 4, Parent', message: 'No requirement has the key "REQ-404"' }],
              },
            },
    });
    renderApp('/projects/3/import-requirements');
    const user = await chooseFile();
    await user.click(await screen.findByRole('button', { name: 'Import 3 requirements' }));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('You need the edit_requirement permission to update REQ-1');
    expect(refused.textContent).toContain('Nothing was imported.');

    await user.click(screen.getByRole('button', { name: 'Import 3 requirements' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The file has 1 problem; nothing was imported'),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toContain('Nothing was imported.');
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Row 4, Parent: No requirement has the key "REQ-404"',
    );
  });

  it('warns, without edit_requirement, that the updates need it', async () => {
    const permissions = ['home_project', 'home_requirement', 'add_requirement'];
    signedIn(permissions, { ...shell(permissions), [`POST ${PREVIEW}`]: { body: preview() } });
    renderApp('/projects/3/import-requirements');
    await chooseFile();
    expect(
      await screen.findByText(
        'This file updates 1 requirement the project already has: that needs the edit_requirement permission.',
      ),
    ).toBeTruthy();
  });

  it('names the permission it needs', async () => {
    const permissions = ['home_project', 'home_requirement'];
    signedIn(permissions, shell(permissions));
    renderApp('/projects/3/import-requirements');
    expect(
      await screen.findByText('You need the add_requirement permission to see this page.', { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('CSV or XLSX file')).toBeNull();
  });
});
