import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CycleItem, CycleItemDetail, CycleResult } from '@verdict/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockHandlers, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { caseDetailOf, cycleItemOf, cycleOf, projectDetail } from '@/test/world';

/** docs/product/cycle-execution.md: Undo, Previous, the cycle's items and the result form. */

const TESTER = ['home_project', 'home_test_case', 'home_test_cycle', 'execute_test_cycle'];

const project = projectDetail(TESTER);

const cycle = cycleOf({
  counts: { total: 3, untested: 3, passed: 0, failed: 0, blocked: 0, skipped: 0, retest: 0 },
});

const item = (id: number, patch: Partial<CycleItem> = {}): CycleItem => cycleItemOf(id, patch);

const result = (id: number, itemId: number, patch: Partial<CycleResult> = {}): CycleResult => ({
  id,
  item_id: itemId,
  state: 'passed',
  comment: null,
  elapsed_ms: 1000,
  run_id: 70,
  executor: { id: 7, username: 'jane' },
  created_at: '2026-11-25T12:00:00Z',
  failure: null,
  step_results: null,
  case_version: null,
  log: null,
  ...patch,
});

const detail = (id: number, results: CycleResult[] = []): CycleItemDetail => ({
  item: item(id, results.length > 0 ? { state: results.at(-1)!.state, results: results.length } : {}),
  cycle,
  results,
});

const page = (items: CycleItem[], total = items.length) => ({ body: { items, total } });

/** No item is marked Retest: each question for one answers an empty page. */
const noRetest: MockHandlers = Object.fromEntries(
  ['assignee_id=7&', ''].flatMap((mine) =>
    ['after_id=1&', 'after_id=2&', 'after_id=3&', ''].map((after) => [
      `GET /api/cycles/5/items?state=retest&${mine}${after}limit=2&offset=0`,
      page([]),
    ]),
  ),
) as unknown as MockHandlers;

/** Three items, 1, 2 and 3, in that order; the view opens on `at`. */
function handlers(extra: MockHandlers = {}): MockHandlers {
  return {
    ...noRetest,
    'GET /api/projects/detail/3': { body: project },
    'GET /api/projects/list': { body: [] },
    'GET /api/testsuites/project/3': { body: [] },
    'GET /api/cycle-items/1': { body: detail(1) },
    'GET /api/cycle-items/2': { body: detail(2) },
    'GET /api/cycle-items/3': { body: detail(3) },
    'GET /api/cycle-items/1/defects': { body: { defects: [] } },
    'GET /api/cycle-items/2/defects': { body: { defects: [] } },
    'GET /api/cycle-items/3/defects': { body: { defects: [] } },
    'GET /api/cycles/5/items?before_id=1&limit=10&offset=0': page([], 0),
    'GET /api/cycles/5/items?after_id=1&limit=10&offset=0': page([item(3), item(2)].reverse()),
    'GET /api/cycles/5/items?before_id=2&limit=10&offset=0': page([item(1)]),
    'GET /api/cycles/5/items?after_id=2&limit=10&offset=0': page([item(3)]),
    'GET /api/cycles/5/items?before_id=3&limit=10&offset=0': page([item(2), item(1)]),
    'GET /api/cycles/5/items?after_id=3&limit=10&offset=0': page([], 0),
    'GET /api/cycle-results/40/attachments': { body: { attachments: [] } },
    ...extra,
  };
}

/** Uploads go through XMLHttpRequest (upload progress): each is answered 201 at once. */
class FakeXhr {
  static sent: { url: string; files: string[] }[] = [];
  url = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, files: body.getAll('file').map((file) => (file as File).name) });
    this.status = 201;
    this.responseText = JSON.stringify({ message: '1 file attached', attachments: [] });
    queueMicrotask(() => this.onload?.());
  }
}

// The whole app renders for each test: slower than a component alone on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('the execution view', () => {
  it('undoes the result just recorded and opens its item again', async () => {
    const user = userEvent.setup();
    const api = signedIn(
      TESTER,
      handlers({
        'POST /api/cycle-items/1/results': {
          status: 201,
          body: { message: 'Result recorded', result: result(40, 1, { state: 'failed' }), item: item(1) },
        },
        'GET /api/cycles/5/items?state=untested&assignee_id=7&after_id=1&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&assignee_id=7&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&after_id=1&limit=2&offset=0': page([item(2)]),
        'DELETE /api/cycle-results/40': { body: { message: 'Result undone', item: item(1) } },
      }),
    );
    const { router } = renderApp('/cycle-items/1');
    await screen.findByRole('heading', { level: 1, name: 'Case 1' });
    await user.click(await screen.findByRole('button', { name: /^Failed/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cycle-items/2'));
    await screen.findByRole('heading', { level: 1, name: 'Case 2' });

    const last = screen.getByRole('region', { name: 'Last result' });
    expect(within(last).getByText('Failed')).toBeTruthy();
    expect(within(last).getByRole('link', { name: 'Case 1' }).getAttribute('href')).toBe('/cycle-items/1');
    await user.click(within(last).getByRole('button', { name: /^Undo/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cycle-items/1'));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/cycle-results/40')).toBe(true);
    expect(await screen.findByText('Result undone')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Last result' })).toBeNull();
  });

  it('drops Undo once the window has passed; U then does nothing', async () => {
    const user = userEvent.setup();
    const now = vi.spyOn(Date, 'now');
    const api = signedIn(
      TESTER,
      handlers({
        'POST /api/cycle-items/3/results': {
          status: 201,
          body: { message: 'Result recorded', result: result(40, 3), item: item(3) },
        },
        'GET /api/cycles/5/items?state=untested&assignee_id=7&after_id=3&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&assignee_id=7&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&after_id=3&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&limit=2&offset=0': page([]),
      }),
    );
    renderApp('/cycle-items/3');
    await screen.findByRole('heading', { level: 1, name: 'Case 3' });
    now.mockReturnValue(1_000_000);
    await user.click(await screen.findByRole('button', { name: /^Passed/ }));
    expect(await screen.findByText('No untested items left in this cycle.')).toBeTruthy();
    const last = screen.getByRole('region', { name: 'Last result' });
    expect(within(last).getByRole('button', { name: /^Undo/ }).getAttribute('aria-keyshortcuts')).toBe('U');

    now.mockReturnValue(1_000_000 + 16_000);
    await user.click(screen.getByRole('button', { name: /Items of this cycle/ }));
    expect(within(last).queryByRole('button', { name: /^Undo/ })).toBeNull();
    // Its files can still be added to.
    expect(within(last).getByRole('region', { name: 'Files of the last result (Case 3)' })).toBeTruthy();
    await user.keyboard('u');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    now.mockRestore();
  });

  it('Previous opens the item before this one; the list shows the cycle around it', async () => {
    const user = userEvent.setup();
    signedIn(TESTER, handlers());
    const { router } = renderApp('/cycle-items/2');
    await screen.findByRole('heading', { level: 1, name: 'Case 2' });

    const toggle = await screen.findByRole('button', { name: 'Items of this cycle (2 of 3)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('navigation', { name: 'Items of this cycle' });
    const links = within(list).getAllByRole('link', { name: /^Case/ });
    expect(links.map((link) => link.textContent)).toEqual(['Case 1', 'Case 2', 'Case 3']);
    expect(links[1]!.getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cycle-items/1'));
    await screen.findByRole('heading', { level: 1, name: 'Case 1' });
    // The list stays open from item to item; the first item has no previous one.
    expect(
      (await screen.findByRole('button', { name: 'Items of this cycle (1 of 3)' })).getAttribute(
        'aria-expanded',
      ),
    ).toBe('true');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('Shift+N opens the previous item, as the Previous button does', async () => {
    const user = userEvent.setup();
    signedIn(TESTER, handlers());
    const { router } = renderApp('/cycle-items/3');
    await screen.findByRole('heading', { level: 1, name: 'Case 3' });
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.getAttribute('aria-keyshortcuts')).toBe('Shift+N');
    await waitFor(() => expect((previous as HTMLButtonElement).disabled).toBe(false));
    await user.keyboard('{Shift>}N{/Shift}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cycle-items/2'));
    await screen.findByRole('heading', { level: 1, name: 'Case 2' });
  });

  it('sends the state, comment, files and defect together, then moves on', async () => {
    const user = userEvent.setup();
    const api = signedIn(
      TESTER,
      handlers({
        'GET /api/projects/3/tracker': { body: { tracker: null } },
        'POST /api/cycle-items/1/results': {
          status: 201,
          body: { message: 'Result recorded', result: result(40, 1, { state: 'retest' }), item: item(1) },
        },
        'POST /api/cycle-items/1/defects': {
          status: 201,
          body: {
            message: 'Defect linked',
            defect: {
              id: 9,
              defect: 'https://bugs.example.com/12',
              url: 'https://bugs.example.com/12',
              case_id: 10,
              cycle: { id: 5, name: 'Release 2.4' },
              item_id: 1,
              result_id: 40,
              created_at: '2026-11-25T12:00:00Z',
              created_by: null,
            },
          } as never,
        },
        'GET /api/cycles/5/items?state=untested&assignee_id=7&after_id=1&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&assignee_id=7&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&after_id=1&limit=2&offset=0': page([item(2)]),
      }),
    );
    const { router } = renderApp('/cycle-items/1');
    await screen.findByRole('heading', { level: 1, name: 'Case 1' });
    await user.type(await screen.findByRole('textbox', { name: /Comment/ }), 'Fixed in 2.4.1, verify');
    await user.upload(
      screen.getByLabelText('choose files'),
      new File(['shot'], 'screen.png', { type: 'image/png' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Defect' }), 'https://bugs.example.com/12');
    const retest = screen.getByRole('button', { name: /^Retest/ });
    expect(retest.getAttribute('aria-keyshortcuts')).toBe('R');
    await user.click(retest);

    await waitFor(() => expect(router.state.location.pathname).toBe('/cycle-items/2'));
    const posted = api.calls.find((c) => c.method === 'POST' && c.path === '/api/cycle-items/1/results');
    expect(posted?.body).toMatchObject({ state: 'retest', comment: 'Fixed in 2.4.1, verify' });
    expect(FakeXhr.sent).toEqual([
      { url: expect.stringContaining('/api/cycle-results/40/attachments'), files: ['screen.png'] },
    ]);
    const linked = api.calls.find((c) => c.method === 'POST' && c.path === '/api/cycle-items/1/defects');
    expect(linked?.body).toEqual({ defect: 'https://bugs.example.com/12', result_id: 40 });
  });

  it("shows the case's shared steps expanded, named by their set, each with its own step result", async () => {
    const user = userEvent.setup();
    const signIn = { id: 4, name: 'Sign in' };
    const api = signedIn(
      TESTER,
      handlers({
        'GET /api/test-cases/single/10?expand=steps': {
          body: caseDetailOf(10, {
            steps: [
              { action: 'Type the user', expected: '', shared_steps: signIn },
              { action: 'Type the password', expected: 'Signed in', shared_steps: signIn },
              { action: 'Pay', expected: 'Paid' },
            ],
          }),
        },
        'POST /api/cycle-items/1/results': {
          status: 201,
          body: { message: 'Result recorded', result: result(40, 1, { state: 'failed' }), item: item(1) },
        },
        'GET /api/cycles/5/items?state=untested&assignee_id=7&after_id=1&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&assignee_id=7&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&after_id=1&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&limit=2&offset=0': page([]),
      }),
    );
    renderApp('/cycle-items/1');
    expect(await screen.findByText('Type the password')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Shared steps: Sign in' })).toHaveLength(1);
    const third = screen.getByRole('group', { name: 'Step 3 result' });
    await user.click(within(third).getByRole('radio', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: /^Failed/ }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const body = api.calls.find((call) => call.method === 'POST')?.body as { step_results?: unknown[] };
    expect(body.step_results).toHaveLength(3);
    expect(body.step_results?.[2]).toMatchObject({ state: 'failed' });
  });
  it("reads the case with its item's data row: values in place of {{name}}, named in a block", async () => {
    const user = userEvent.setup();
    const row = { index: 2, values: { card: 'Amex', locale: 'de' } };
    const rowItem = item(1, { parameter_row: row });
    const api = signedIn(
      TESTER,
      handlers({
        'GET /api/cycle-items/1': { body: { item: rowItem, cycle, results: [] } },
        'GET /api/test-cases/single/10?expand=steps': {
          body: caseDetailOf(10, {
            preconditions: 'A {{card}} card in the wallet',
            steps: [
              { action: 'Pay with {{ card }} in {{locale}}', expected: 'Paid by {{card}}, {{cvv}} asked' },
              { action: 'Open the receipt', expected: '' },
            ],
            parameters: {
              columns: ['card', 'locale'],
              rows: [
                ['Visa', 'en'],
                ['Amex', 'de'],
              ],
            },
          }),
        },
        'POST /api/cycle-items/1/results': {
          status: 201,
          body: { message: 'Result recorded', result: result(40, 1), item: rowItem },
        },
        'GET /api/cycles/5/items?state=untested&assignee_id=7&after_id=1&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&assignee_id=7&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&after_id=1&limit=2&offset=0': page([]),
        'GET /api/cycles/5/items?state=untested&limit=2&offset=0': page([]),
      }),
    );
    renderApp('/cycle-items/1');
    expect(await screen.findByText('Pay with Amex in de')).toBeTruthy();
    // A placeholder naming no column stays as written.
    expect(screen.getByText('Paid by Amex, {{cvv}} asked')).toBeTruthy();
    expect(screen.getByText('A Amex card in the wallet')).toBeTruthy();
    // Under the case's name, and at the item in the cycle's list.
    const heading = screen.getByRole('heading', { level: 1, name: 'Case 1' });
    expect(heading.nextElementSibling?.textContent).toBe('Row 2 · card: Amex · locale: de');
    const list = screen.getByRole('navigation', { name: 'Items of this cycle' });
    expect(within(list).getByText('Row 2 · card: Amex · locale: de')).toBeTruthy();
    const values = screen.getByRole('region', { name: 'Values of row 2' });
    expect(
      within(values)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['card', 'locale']);
    expect(
      within(values)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Amex', 'de']);

    await user.click(
      within(screen.getByRole('group', { name: 'Step 1 result' })).getByRole('radio', { name: 'Passed' }),
    );
    await user.click(screen.getByRole('button', { name: /^Passed/ }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const body = api.calls.find((call) => call.method === 'POST')?.body as { step_results?: unknown[] };
    expect(body.step_results).toHaveLength(2);
    expect(body.step_results?.[0]).toMatchObject({ state: 'passed' });
  });
});
