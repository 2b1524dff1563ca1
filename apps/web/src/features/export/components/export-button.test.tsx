import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { mockApi, sessionAnswers } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { filenameOf } from '../api/download-csv';
import { ExportButton, formatBytes } from './export-button';

const CSV =
  'id,parent_id,suite,path,name,description,latest_status,rollup\r\n1,,S,case,case,,passed,passed\r\n';

const { createObjectURL, revokeObjectURL } = URL;
let saved: { blob: Blob; filename: string }[];

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
let clicked: HTMLAnchorElement[];

beforeEach(() => {
  saved = [];
  clicked = [];
  let next = 0;
  const urls = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${++next}`;
    urls.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
    saved.push({ blob: urls.get(this.href)!, filename: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

/** A fetch answering a CSV whose second half arrives when `release` is called. */
function streamingFetch(headers: Record<string, string> = {}) {
  let release = () => {};
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV.slice(0, 40)));
      release = () => {
        controller.enqueue(encoder.encode(CSV.slice(40)));
        controller.close();
      };
    },
  });
  const csv = () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/csv', ...headers } });
  const { fetchMock } = mockApi({
    // The session's user, loaded on start.
    ...sessionAnswers(),
    'GET /api/projects/5/export/cases.csv': csv,
    'GET /api/test-cases/12/export/runs.csv': csv,
  });
  return { fetchMock, release: () => release() };
}

describe('ExportButton', () => {
  it('downloads with the session token, shows the size received, then saves the file', async () => {
    saveSession('tok', 7);
    const { fetchMock, release } = streamingFetch({
      'Content-Disposition': 'attachment; filename="project-5-cases.csv"',
    });
    const user = userEvent.setup();
    renderWithProviders(<ExportButton kind="project-cases" id={5} />);
    await user.click(screen.getByRole('button', { name: 'Export cases (CSV)' }));

    const exports = fetchMock.mock.calls.filter(([input]) => String(input).includes('/export/'));
    expect(exports).toHaveLength(1);
    const [path, init] = exports[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/projects/5/export/cases.csv');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    const busy = await screen.findByRole('button', { name: 'Exporting... 40 B' });
    expect(busy.getAttribute('aria-busy')).toBe('true');

    release();
    expect(await screen.findByRole('button', { name: 'Export cases (CSV)' })).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('project-5-cases.csv');
    expect(await textOf(saved[0]!.blob)).toBe(CSV);
    expect(clicked[0]!.isConnected).toBe(false);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalled());
  });

  it("exports a case's runs under a default name when the server gives none", async () => {
    const { fetchMock, release } = streamingFetch();
    release();
    const user = userEvent.setup();
    renderWithProviders(<ExportButton kind="case-runs" id={12} />);
    await user.click(screen.getByRole('button', { name: 'Export runs (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/test-cases/12/export/runs.csv');
    expect(saved[0]!.filename).toBe('case-12-runs.csv');
  });

  it('shows the server’s reason when the export is refused, and a fallback without an answer', async () => {
    mockApi({
      'GET /api/projects/5/export/cases.csv': {
        status: 403,
        body: { message: 'You do not have the permission "export_project"' },
      },
      'GET /api/test-cases/3/export/runs.csv': 'network-error',
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ExportButton kind="project-cases" id={5} />
        <ExportButton kind="case-runs" id={3} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Export cases (CSV)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '⚠️ You do not have the permission "export_project"',
    );
    await user.click(screen.getByRole('button', { name: 'Export runs (CSV)' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert')[1]!.textContent).toBe('⚠️ Failed to export');
    expect(saved).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('reads the file name of Content-Disposition and formats sizes', () => {
    expect(filenameOf('attachment; filename="case-3-runs.csv"')).toBe('case-3-runs.csv');
    expect(filenameOf(null)).toBeNull();
    expect([formatBytes(512), formatBytes(20_480), formatBytes(5 * 1024 * 1024)]).toEqual([
      '512 B',
      '20 KB',
      '5.0 MB',
    ]);
  });
});
