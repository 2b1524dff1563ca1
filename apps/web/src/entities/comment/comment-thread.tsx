import type { Comment } from '@verdict/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Markdown } from '@/components/ui/markdown';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDateTime, isoDateTime } from '@/lib/format-date';
import { type CommentOwner, useCommentMutations, useCommentThread } from './comments-api';
import { MentionTextarea } from './mention-textarea';
import './comment-thread.css';

export interface CommentThreadProps {
  owner: CommentOwner;
  /** The project of the case or item: whose people a mention can name. */
  projectId: number;
  /** Write comments, and edit and delete one's own (the `comment` permission in the project). */
  canComment: boolean;
}

const HINT = 'Markdown. Type @ to mention someone who can see this project. Ctrl+Enter sends.';

/**
 * The comments of a case or a cycle item (docs/product/comments-screens.md): oldest first, each
 * with who wrote it and when, its Markdown rendered safely; a box to add one, with @-mentions; Edit
 * and Delete on one's own, and Delete on any for an administrator.
 */
export function CommentThread({ owner, projectId, canComment }: CommentThreadProps) {
  const thread = useCommentThread(owner);
  const { add } = useCommentMutations(owner);
  const { show } = useToast();
  const [draft, setDraft] = useState('');
  const headingId = useId();
  const comments = thread.data?.pages.flatMap((page) => page.comments) ?? [];
  const canDeleteAny = thread.data?.pages[0]?.can_delete_any ?? false;

  const send = () => {
    if (draft.trim() === '' || add.isPending) return;
    add.mutate(draft, {
      onSuccess: () => {
        setDraft('');
        show('Comment added');
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <section className="comment-thread" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Comments{thread.data ? ` (${comments.length}${thread.hasNextPage ? '+' : ''})` : ''}
      </h2>
      {thread.isPending ? <p>Loading comments...</p> : null}
      {thread.isError ? <ErrorBox message={errorText(thread.error, 'Failed to fetch the comments')} /> : null}
      {thread.data && comments.length === 0 ? <p className="muted">No comments yet.</p> : null}
      {comments.length > 0 ? (
        <ol className="comment-list" aria-label="Comments">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              owner={owner}
              comment={comment}
              projectId={projectId}
              canComment={canComment}
              canDeleteAny={canDeleteAny}
            />
          ))}
        </ol>
      ) : null}
      {thread.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          busy={thread.isFetchingNextPage}
          onClick={() => void thread.fetchNextPage()}
        >
          Show more comments
        </Button>
      ) : null}
      {canComment ? (
        <form className="comment-form" onSubmit={onSubmit}>
          <ErrorBox message={add.error ? 'Failed to add the comment' : null} error={add.error} />
          <MentionTextarea
            label="Add a comment"
            value={draft}
            onChange={setDraft}
            projectId={projectId}
            hint={HINT}
            onSubmit={send}
          />
          <Button type="submit" busy={add.isPending} disabled={draft.trim() === ''}>
            Comment
          </Button>
        </form>
      ) : null}
    </section>
  );
}

function CommentItem({
  owner,
  comment,
  projectId,
  canComment,
  canDeleteAny,
}: {
  owner: CommentOwner;
  comment: Comment;
  projectId: number;
  canComment: boolean;
  canDeleteAny: boolean;
}) {
  const { user } = useAuth();
  const { edit, remove } = useCommentMutations(owner);
  const confirm = useConfirm();
  const { show } = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const own = user !== null && comment.author?.id === user.id;
  const author = comment.author?.username ?? 'a deleted user';
  const mayEdit = own && canComment;
  const mayDelete = mayEdit || canDeleteAny;

  const save = () => {
    if (editing === null || editing.trim() === '' || edit.isPending) return;
    edit.mutate(
      { id: comment.id, body: editing },
      {
        onSuccess: () => {
          setEditing(null);
          show('Comment updated');
        },
      },
    );
  };
  const onDelete = async () => {
    const whose = own ? 'your comment' : `the comment by ${author}`;
    if (
      !(await confirm({
        text: `Delete ${whose} of ${formatDateTime(comment.created_at)}?`,
        confirmLabel: 'Yes, Delete',
      }))
    )
      return;
    remove.mutate(comment.id, {
      onSuccess: () => show('Comment deleted'),
      onError: (error) => show(errorText(error, 'Failed to delete the comment'), 'error'),
    });
  };

  return (
    <li className="comment">
      <article aria-label={`Comment by ${author}, ${formatDateTime(comment.created_at)}`}>
        <p className="comment-head">
          <strong>{author}</strong>
          <time dateTime={isoDateTime(comment.created_at)}>{formatDateTime(comment.created_at)}</time>
          {comment.updated_at ? (
            <span className="muted" title={`Edited ${formatDateTime(comment.updated_at)}`}>
              (edited)
            </span>
          ) : null}
        </p>
        {editing === null ? (
          <Markdown text={comment.body} className="comment-body" />
        ) : (
          <form
            className="comment-form"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <ErrorBox message={edit.error ? 'Failed to save the comment' : null} error={edit.error} />
            <MentionTextarea
              label="Edit the comment"
              value={editing}
              onChange={setEditing}
              projectId={projectId}
              hint={HINT}
              onSubmit={save}
              autoFocus
            />
            <div className="comment-actions">
              <Button type="submit" size="sm" busy={edit.isPending} disabled={editing.trim() === ''}>
                Save
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
        {editing === null && (mayEdit || mayDelete) ? (
          <div className="comment-actions">
            {mayEdit ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setEditing(comment.body)}
                aria-label={`Edit your comment of ${formatDateTime(comment.created_at)}`}
              >
                Edit
              </Button>
            ) : null}
            {mayDelete ? (
              <Button
                variant="danger"
                size="sm"
                busy={remove.isPending}
                onClick={() => void onDelete()}
                aria-label={`Delete the comment by ${author} of ${formatDateTime(comment.created_at)}`}
              >
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}
