import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { mockApi, sessionAnswers } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ImportResultsButton } from './import-results-button';

/** A stand-in for XMLHttpRequest that the test answers by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const SUMMARY = {
  tests: 12,
  suites: 2,
  suitesCreated: 1,
  cases: 10,
  casesCreated: 4,
  runsRecorded: 10,
  passed: 8,
  failed: 2,
  errors: 1,
  skipped: 2,
  warnings: [],
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockApi({});
});

async function pickReport() {
  const user = userEvent.setup();
  renderWithProviders(<ImportResultsButton projectId={5} />);
  const file = new File(['<testsuites/>'], 'report.xml', { type: 'text/xml' });
  await user.upload(screen.getByLabelText('JUnit XML report'), file);
  return { file, xhr: FakeXhr.last! };
}

describe('ImportResultsButton', () => {
  it('uploads the picked file as XML with the session token, showing progress, then the summary', async () => {
    mockApi({
      ...sessionAnswers(),
    });
    saveSession('tok', 7);
    const { file, xhr } = await pickReport();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/projects/5/import/junit');
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/xml' });
    expect(xhr.body).toBe(file);
    expect(screen.getByRole('button', { name: 'Importing...' })).toBeTruthy();

    act(() => xhr.progress(50, 100));
    expect(await screen.findByText('Uploading report.xml… 50%')).toBeTruthy();

    act(() =>
      xhr.respond(201, {
        message: 'Recorded 10 results in "Web": 8 passed, 2 failed; 2 skipped (not recorded)',
        project: { id: 5, name: 'Web' },
        summary: SUMMARY,
      }),
    );
    expect(await screen.findByText(/Recorded 10 results in "Web"/)).toBeTruthy();
    expect(screen.getByText('Created 1 suite and 4 cases.')).toBeTruthy();
    expect(screen.getByText('Passed').nextElementSibling?.textContent).toBe('8');
    expect(screen.getByRole('button', { name: 'Import results' })).toBeTruthy();
  });

  it('shows the server’s reason when the report is refused', async () => {
    const { xhr } = await pickReport();
    act(() =>
      xhr.respond(400, {
        message: 'The report is not well-formed XML (line 3, column 5: unexpected close tag)',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'report.xml: The report is not well-formed XML (line 3, column 5: unexpected close tag)',
    );
  });

  it('says when the server could not be reached', async () => {
    const { xhr } = await pickReport();
    act(() => xhr.onerror?.());
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to import results');
  });
});
