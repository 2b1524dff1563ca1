import { screen } from '@testing-library/react';
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
});
