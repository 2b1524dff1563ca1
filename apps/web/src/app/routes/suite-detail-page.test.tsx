import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaseWindow, Suite, TestCase } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { projectDetail, testCaseOf } from '@/test/world';

/** docs/product/suites.md, "Suite Details": the suite page fetches what it shows. */

const PERMISSIONS = [
  'home_project',
  'home_test_suit',
  'home_test_case',
  'edit_test_case',
  'delete_test_case',
];
const TOTAL = 10_000;

const project = projectDetail(PERMISSIONS);
const suite = { id: 5, name: 'Big suite', description: '', project_id: 3 } as Suite;

const testCase = (id: number): TestCase => testCaseOf(id, { suite_id: 5 });
const window = (offset: number, limit: number): { body: CaseWindow } => ({
  body: {
    items: Array.from({ length: limit }, (_, i) => testCase(1000 + offset + i)),
    total: TOTAL,
  },
});

function openSuite(path = '/suites/5') {
  const api = signedIn(PERMISSIONS, {
    'GET /api/projects/detail/3': { body: project },
    'GET /api/testsuites/detail/5': { body: suite },
    'GET /api/projects/list': { body: [] },
    'GET /api/suites/5/cases?offset=0&limit=25': window(0, 25),
    'GET /api/suites/5/cases?offset=50&limit=25': window(50, 25),
    'GET /api/test-cases/suite/5': {
      body: Array.from({ length: 60 }, (_, i) => testCase(1000 + i)),
    },
  });
  renderApp(path);
  return api;
}

const callsTo = (api: ReturnType<typeof openSuite>, prefix: string) =>
  api.calls.filter((call) => call.path.startsWith(prefix)).map((call) => call.path);

describe('the suite page', () => {
  it('asks for the 25 cases it shows and the total, and for the project and the suite once', async () => {
    const api = openSuite();
    const list = await screen.findByRole('list', { name: 'Test cases of Big suite' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(within(list).getByRole('link', { name: 'Case 1000' })).toBeTruthy();
    expect(screen.getByText('Showing 1-25 of 10000')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select all 10,000 cases' })).toBeTruthy();
    // Let any late query settle before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(api, '/api/suites/')).toEqual(['/api/suites/5/cases?offset=0&limit=25']);
    expect(callsTo(api, '/api/test-cases/')).toEqual([]);
    expect(callsTo(api, '/api/projects/detail/')).toEqual(['/api/projects/detail/3']);
    expect(callsTo(api, '/api/testsuites/detail/')).toEqual(['/api/testsuites/detail/5']);
  });

  it('a later page asks for that window only', async () => {
    const api = openSuite('/suites/5?cases=3');
    const list = await screen.findByRole('list', { name: 'Test cases of Big suite' });
    expect(within(list).getByRole('link', { name: 'Case 1050' })).toBeTruthy();
    expect(screen.getByText('Showing 51-75 of 10000')).toBeTruthy();
    expect(callsTo(api, '/api/suites/')).toEqual(['/api/suites/5/cases?offset=50&limit=25']);
  });

  it("'Select all' fetches the whole list's ids only when clicked", async () => {
    const user = userEvent.setup();
    const api = openSuite();
    const all = await screen.findByRole('checkbox', { name: 'Select all 10,000 cases' });
    expect(callsTo(api, '/api/test-cases/')).toEqual([]);
    await user.click(all);
    expect(await screen.findByText('60 selected')).toBeTruthy();
    expect(callsTo(api, '/api/test-cases/')).toEqual(['/api/test-cases/suite/5']);
  });
});
