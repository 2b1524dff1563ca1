import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signedIn } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CsvButton, csvPath, PrintButton, useTablesOpenForPrint } from './report-export';

const { createObjectURL, revokeObjectURL } = URL;
let saved: string[];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('CSV downloads', () => {
  it("asks the report's CSV under the screen's filters and saves it under the server's name", async () => {
    const query = '?branch=main&milestone=R2';
    const { calls } = signedIn([], {
      [`GET ${csvPath(3, 'failing-tests', query)}`]: new Response('"case_id"\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="project-3-report-failing-tests.csv"',
        },
      }),
    } as never);
    renderWithProviders(
      <CsvButton projectId={3} report="failing-tests" query={query} what="Most often failing tests" />,
    );
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Download CSV of Most often failing tests' }));
    await waitFor(() => expect(saved).toEqual(['project-3-report-failing-tests.csv']));
    const call = calls.find((c) => c.path.includes('.csv'));
    expect(call!.path).toBe('/api/projects/3/reports/failing-tests.csv?branch=main&milestone=R2');
    expect(call!.headers.get('Accept')).toBe('text/csv');
    expect(call!.headers.get('Authorization')).toMatch(/^Bearer ./);
  });

  it('says when the download failed', async () => {
    mockApi({});
    renderWithProviders(<CsvButton projectId={3} report="workload" query="" what="Workload per tester" />);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Download CSV of Workload per tester' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not found');
  });
});

function Printable() {
  useTablesOpenForPrint();
  return (
    <>
      <PrintButton />
      <details className="report-details">
        <summary>Table</summary>
        <table>
          <tbody>
            <tr>
              <td>folded</td>
            </tr>
          </tbody>
        </table>
      </details>
      <details className="report-details" open>
        <summary>Table</summary>
      </details>
    </>
  );
}

describe('printing', () => {
  it('prints from the Print button, with every table open for the print and folded back after', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { container } = render(<Printable />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();

    const [folded, open] = [...container.querySelectorAll('details')];
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(folded!.open).toBe(true);
    expect(open!.open).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(folded!.open).toBe(false);
    expect(open!.open).toBe(true);
  });
});
