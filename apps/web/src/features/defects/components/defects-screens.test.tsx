import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CycleResult, DefectLink, Tracker } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { mockApi, signedIn } from '@/test/mock-api';
import { renderApp, renderWithProviders } from '@/test/render';
import { projectDetail } from '@/test/world';
import { CycleDefects } from './cycle-defects';
import { DefectLinks } from './defect-links';
import { FileBugLink } from './file-bug-link';

const LINK: DefectLink = {
  id: 5,
  defect: '#12',
  url: 'https://github.com/acme/shop/issues/12',
  case_id: 11,
  cycle: { id: 2, name: 'Release 2.1' },
  item_id: 8,
  result_id: null,
  creator: { id: 7, username: 'jane' },
  created_at: '2026-11-20T10:00:00.000Z',
};

const RESULT: CycleResult = {
  id: 40,
  item_id: 8,
  state: 'failed',
  comment: 'Spins forever',
  elapsed_ms: null,
  run_id: 1,
  executor: null,
  created_at: '2026-11-20T10:00:00.000Z',
  failure: null,
  step_results: null,
  case_version: 1,
  log: null,
};

describe('DefectLinks', () => {
  it('shows each defect as its tracker id, a link opening in a new tab, with where it sits', async () => {
    mockApi({
      'GET /api/test-cases/11/defects': {
        body: { defects: [LINK, { ...LINK, id: 6, defect: 'PROJ-3', cycle: null }] },
      },
    });
    renderWithProviders(
      <DefectLinks owner={{ kind: 'case', id: 11 }} canLink={false} canRemove={() => false} />,
    );
    const link = await screen.findByRole('link', { name: '#12' });
    expect(link.getAttribute('href')).toBe('https://github.com/acme/shop/issues/12');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.closest('li')?.textContent).toContain('in Release 2.1');
    expect(screen.getByRole('link', { name: 'PROJ-3' }).closest('li')?.textContent).toContain('on the case');
    expect(screen.queryByRole('textbox', { name: 'Defect id or URL' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('links a defect to the latest failed result by default, shows refusals at the field, and removes', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = mockApi({
      'GET /api/cycle-items/8/defects': { body: { defects: [LINK] } },
      'POST /api/cycle-items/8/defects': () =>
        refuse
          ? { status: 400, body: { message: 'Give an issue number such as #12' } }
          : { status: 201, body: { message: 'Defect linked', defect: { ...LINK, id: 9, result_id: 40 } } },
      'DELETE /api/defect-links/5': { body: { message: 'Defect link removed' } },
    });
    renderWithProviders(
      <DefectLinks owner={{ kind: 'item', id: 8 }} canLink canRemove={() => true} results={[RESULT]} />,
    );
    await screen.findByRole('link', { name: '#12' });
    expect((screen.getByRole('combobox', { name: 'Link to' }) as HTMLSelectElement).value).toBe('40');
    await user.type(screen.getByRole('textbox', { name: 'Defect id or URL' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Link Defect' }));
    expect(await screen.findByText('Give an issue number such as #12')).toBeTruthy();
    refuse = false;
    await user.clear(screen.getByRole('textbox', { name: 'Defect id or URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Defect id or URL' }), '12');
    await user.click(screen.getByRole('button', { name: 'Link Defect' }));
    expect(await screen.findByText('Defect #12 linked')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      defect: '12',
      result_id: 40,
    });
    await user.click(screen.getByRole('button', { name: 'Remove #12' }));
    expect(await screen.findByText('Defect #12 removed')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/defect-links/5')).toBe(true);
  });
});

describe('CycleDefects', () => {
  it("lists the cycle's defects with the cases each touches", async () => {
    mockApi({
      'GET /api/cycles/2/defects': {
        body: {
          defects: [
            {
              defect: 'PROJ-12',
              url: 'https://acme.atlassian.net/browse/PROJ-12',
              cases: [
                { id: 11, name: 'Pay by card' },
                { id: 12, name: 'Refund' },
              ],
            },
          ],
        },
      },
    });
    renderWithProviders(<CycleDefects cycleId={2} />);
    const defect = await screen.findByRole('link', { name: 'PROJ-12' });
    expect(defect.getAttribute('target')).toBe('_blank');
    const row = defect.closest('li') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Pay by card' }).getAttribute('href')).toBe('/cases/11');
    expect(within(row).getByRole('link', { name: 'Refund' }).getAttribute('href')).toBe('/cases/12');
  });
});

describe('FileBugLink', () => {
  const NEW = 'https://github.com/acme/shop/issues/new?title=Failed%3A%20Pay&body=x';

  it('links a failed result to the address the server made, in a new tab', async () => {
    mockApi({ 'GET /api/cycle-results/40/new-issue': { body: { url: NEW } } });
    renderWithProviders(<FileBugLink result={RESULT} enabled />);
    const link = await screen.findByRole('link', { name: /File a bug/ });
    expect(link.getAttribute('href')).toBe(NEW);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows nothing without a tracker or for a result that did not fail', () => {
    const api = mockApi({});
    const { container } = renderWithProviders(
      <>
        <FileBugLink result={RESULT} enabled={false} />
        <FileBugLink result={{ ...RESULT, state: 'passed' }} enabled />
      </>,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

describe('TrackerPage', () => {
  const saved: Tracker = {
    project_id: 3,
    kind: 'github',
    base_url: 'https://github.com',
    project: 'acme/shop',
    issue_type: '',
    link_template: '',
    new_issue_template: '',
    updated_at: '2026-11-20T10:00:00.000Z',
  };

  function renderPage(permissions: string[], tracker: Tracker | null) {
    const api = signedIn(permissions, {
      'GET /api/projects/detail/3': { body: projectDetail(permissions) },
      'GET /api/projects/list': { body: [] },
      'GET /api/projects/3/tracker': { body: { tracker } },
      'PUT /api/projects/3/tracker': (body) => ({
        body: { message: 'Issue tracker saved', tracker: { ...saved, ...(body as object) } },
      }),
    });
    renderApp('/projects/3/tracker');
    return api;
  }

  it('lets holders of edit_project choose a kind, previews a link, and saves only its fields', async () => {
    const api = renderPage(['home_project', 'home_test_case', 'edit_project'], null);
    const user = userEvent.setup();
    await screen.findByText(/No issue tracker yet/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tracker' }), 'jira');
    await user.type(screen.getByRole('textbox', { name: 'Jira address' }), 'https://acme.atlassian.net');
    const preview = screen.getByRole('link', { name: 'https://acme.atlassian.net/browse/PROJ-12' });
    expect(preview.getAttribute('rel')).toBe('noopener noreferrer');
    await user.type(screen.getByRole('textbox', { name: 'Project id (optional)' }), '10001');
    await user.click(screen.getByRole('button', { name: 'Save Tracker' }));
    expect(await screen.findByText('Issue tracker saved')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kind: 'jira',
      base_url: 'https://acme.atlassian.net',
      project: '10001',
    });
  });

  it('shows the setting read-only without edit_project', async () => {
    renderPage(['home_project', 'home_test_case'], saved);
    const repo = (await screen.findByRole('textbox', { name: 'Repository' })) as HTMLInputElement;
    expect(repo.value).toBe('acme/shop');
    expect(repo.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Tracker' })).toBeNull();
    expect(screen.getByRole('link', { name: 'https://github.com/acme/shop/issues/12' })).toBeTruthy();
  });
});

describe('DefectLinks focus', () => {
  it('after Link Defect, refused or done, focus is back in the input', async () => {
    const user = userEvent.setup();
    let refuse = true;
    mockApi({
      'GET /api/cycle-items/8/defects': { body: { defects: [] } },
      'POST /api/cycle-items/8/defects': () =>
        refuse
          ? { status: 400, body: { message: 'Give an issue number such as #12', code: 'invalid_request' } }
          : { status: 201, body: { message: 'Defect linked', defect: { ...LINK, id: 9 } } },
    });
    renderWithProviders(<DefectLinks owner={{ kind: 'item', id: 8 }} canLink canRemove={() => true} />);
    const input = await screen.findByRole('textbox', { name: 'Defect id or URL' });
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Link Defect' }));
    expect(await screen.findByText('Give an issue number such as #12')).toBeTruthy();
    expect(document.activeElement).toBe(input);

    refuse = false;
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Link Defect' }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(document.activeElement).toBe(input);
  });
});
