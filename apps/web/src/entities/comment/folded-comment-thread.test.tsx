import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { FoldedCommentThread } from './folded-comment-thread';

const EMPTY = { body: { comments: [], next: null, can_delete_any: false } };

describe('FoldedCommentThread', () => {
  it('shows only its button until asked, so no field but the result’s is labelled Comment', async () => {
    signedIn(['comment'], { 'GET /api/cycle-items/8/comments': EMPTY });
    renderWithProviders(<FoldedCommentThread owner={{ kind: 'item', id: 8 }} projectId={3} canComment />);
    const button = screen.getByRole('button', { name: 'Show the discussion' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByLabelText(/comment/i)).toEqual([]);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Add a comment/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide the discussion' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('opens by itself when the address ends with #comments', async () => {
    signedIn(['comment'], { 'GET /api/cycle-items/8/comments': EMPTY });
    renderWithProviders(<FoldedCommentThread owner={{ kind: 'item', id: 8 }} projectId={3} canComment />, {
      path: '/cycle-items/8#comments',
    });
    expect(await screen.findByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
  });
});
