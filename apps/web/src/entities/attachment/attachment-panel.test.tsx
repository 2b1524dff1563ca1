import { screen } from '@testing-library/react';
import type { Attachment } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AttachmentPanel } from './attachment-panel';

describe('AttachmentPanel', () => {
  it("shows how much of the project's attachment quota its files use", async () => {
    signedIn([], {
      'GET /api/test-cases/4/attachments': { body: { attachments: [] } },
      'GET /api/projects/3/attachments/usage': {
        body: { used_bytes: 12.5 * 1024 * 1024, quota_bytes: 1024 ** 3 },
      },
    });
    renderWithProviders(<AttachmentPanel owner={{ kind: 'case', id: 4 }} canEdit projectId={3} />);
    expect(await screen.findByText('Project files: 12.5 MB of 1 GB')).toBeTruthy();
  });

  it('says when the quota is full', async () => {
    signedIn([], {
      'GET /api/test-cases/4/attachments': { body: { attachments: [] } },
      'GET /api/projects/3/attachments/usage': { body: { used_bytes: 5000, quota_bytes: 5000 } },
    });
    renderWithProviders(<AttachmentPanel owner={{ kind: 'case', id: 4 }} canEdit projectId={3} />);
    expect(
      await screen.findByText('Project files: 5 KB of 5 KB (full: delete files to add more)'),
    ).toBeTruthy();
  });

  it('shows a Playwright trace as a download with a note on opening it in the trace viewer', async () => {
    const file = (id: number, name: string, content_type: string): Attachment => ({
      id,
      name,
      content_type,
      size: 12_000,
      case_id: null,
      result_id: 30,
      created_by: { id: 7, username: 'ci' },
      created_at: '2026-11-24T10:00:00.000Z',
      is_image: false,
    });
    signedIn([], {
      'GET /api/cycle-results/30/attachments': {
        body: {
          attachments: [
            file(1, 'trace.zip', 'application/zip'),
            file(2, 'videos.zip', 'application/zip'),
            file(3, 'error-context.md', 'text/markdown'),
          ],
        },
      },
    });
    renderWithProviders(
      <AttachmentPanel
        owner={{ kind: 'result', id: 30 }}
        canEdit={false}
        compact
        title="Files of the result"
      />,
    );
    const trace = await screen.findByRole('button', { name: /trace\.zip/ });
    const note = trace.parentElement!.querySelector('.attachment-note');
    expect(note?.textContent).toBe(
      'Open it with npx playwright show-trace trace.zip or at trace.playwright.dev',
    );
    expect(screen.getByRole('link', { name: 'trace.playwright.dev' }).getAttribute('href')).toBe(
      'https://trace.playwright.dev',
    );
    // Only the trace has the note.
    expect(screen.getByRole('button', { name: /videos\.zip/ })).toBeTruthy();
    expect(screen.getAllByText(/Open it with/)).toHaveLength(1);
  });
});
