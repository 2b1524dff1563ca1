import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_ID, signedIn } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { CommentThread } from './comment-thread';
import { mentionAtCaret } from './mention-textarea';

const MINE: Comment = {
  id: 1,
  body: 'Fails on **Safari** <script>alert(1)</script>',
  author: { id: SIGNED_IN_ID, username: 'jane' },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: null,
  mentions: [],
};
const THEIRS: Comment = {
  id: 2,
  body: 'Same on Firefox, @jane',
  author: { id: 9, username: 'rosa' },
  created_at: '2026-11-20T11:00:00.000Z',
  updated_at: '2026-11-20T11:05:00.000Z',
  mentions: [{ id: SIGNED_IN_ID, username: 'jane' }],
};
const GONE: Comment = { ...THEIRS, id: 3, body: 'Old note', author: null, updated_at: null, mentions: [] };

const thread = (comments: Comment[], canDeleteAny = false) => ({
  body: { comments, next: null, can_delete_any: canDeleteAny },
});

describe('mentionAtCaret', () => {
  it('finds the name being typed after an @ that starts a word', () => {
    expect(mentionAtCaret('Hi @ro', 6)).toEqual({ query: 'ro', start: 3 });
    expect(mentionAtCaret('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionAtCaret('mail a@ro', 9)).toBeNull();
    expect(mentionAtCaret('Hi @rosa and', 12)).toBeNull();
  });
});

describe('CommentThread', () => {
  it('lists comments oldest first with who and when, Markdown rendered safely, and actions on one’s own', async () => {
    signedIn([], { 'GET /api/test-cases/4/comments': thread([MINE, THEIRS, GONE]) });
    const { container } = renderWithProviders(
      <CommentThread owner={{ kind: 'case', id: 4 }} projectId={3} canComment />,
    );
    const list = await screen.findByRole('list', { name: 'Comments' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'jane',
      'rosa',
      'a deleted user',
    ]);
    expect(within(items[0]!).getByText('Safari').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(items[0]!.textContent).toContain('<script>alert(1)</script>');
    expect(within(items[1]!).getByText('(edited)')).toBeTruthy();
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBeTruthy();
    await waitFor(() =>
      expect(within(items[0]!).getByRole('button', { name: /^Edit your comment/ })).toBeTruthy(),
    );
    expect(within(items[0]!).getByRole('button', { name: /^Delete the comment by jane/ })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Comments (3)' })).toBeTruthy();
  });

  it('shows no box and no actions without the comment permission', async () => {
    signedIn([], { 'GET /api/cycle-items/8/comments': thread([MINE]) });
    renderWithProviders(<CommentThread owner={{ kind: 'item', id: 8 }} projectId={3} canComment={false} />);
    await screen.findByRole('list', { name: 'Comments' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets an administrator delete anyone’s comment, after confirming', async () => {
    const user = userEvent.setup();
    const api = signedIn([], {
      'GET /api/test-cases/4/comments': thread([THEIRS], true),
      'DELETE /api/comments/2': { body: { message: 'Comment deleted' } },
    });
    renderWithProviders(<CommentThread owner={{ kind: 'case', id: 4 }} projectId={3} canComment />);
    await user.click(await screen.findByRole('button', { name: /^Delete the comment by rosa/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete the comment by rosa');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/comments/2')).toBe(true),
    );
  });

  it('adds a comment with a mention picked by keyboard from the people who can see the project', async () => {
    const user = userEvent.setup();
    const api = signedIn([], {
      'GET /api/test-cases/4/comments': thread([]),
      'GET /api/projects/3/mentionable?q=r': {
        body: {
          users: [
            { id: 9, username: 'rosa' },
            { id: 10, username: 'ruth' },
          ],
        },
      },
      'GET /api/projects/3/mentionable?q=ru': { body: { users: [{ id: 10, username: 'ruth' }] } },
      'POST /api/test-cases/4/comments': (body) => ({
        status: 201,
        body: {
          message: 'Comment added',
          comment: { ...MINE, id: 5, body: (body as { body: string }).body },
        },
      }),
    });
    renderWithProviders(<CommentThread owner={{ kind: 'case', id: 4 }} projectId={3} canComment />);
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    await user.type(box, 'Ask @r');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['@rosa', '@ruth']);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Ask @ruth ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'please');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Ask @ruth please' }),
    );
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('closes the list on Escape and keeps the text', async () => {
    const user = userEvent.setup();
    signedIn([], {
      'GET /api/test-cases/4/comments': thread([]),
      'GET /api/projects/3/mentionable?q=': { body: { users: [{ id: 9, username: 'rosa' }] } },
    });
    renderWithProviders(<CommentThread owner={{ kind: 'case', id: 4 }} projectId={3} canComment />);
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '@');
    await screen.findByRole('listbox', { name: 'People to mention' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('@');
  });

  it('edits one’s own comment in place', async () => {
    const user = userEvent.setup();
    const api = signedIn([], {
      'GET /api/test-cases/4/comments': thread([MINE]),
      'PUT /api/comments/1': (body) => ({
        body: { message: 'Comment updated', comment: { ...MINE, body: (body as { body: string }).body } },
      }),
    });
    renderWithProviders(<CommentThread owner={{ kind: 'case', id: 4 }} projectId={3} canComment />);
    await user.click(await screen.findByRole('button', { name: /^Edit your comment/ }));
    const box = screen.getByRole('textbox', { name: 'Edit the comment' });
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, 'Fixed in 2.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ body: 'Fixed in 2.1' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit the comment' })).toBeNull());
  });
});
