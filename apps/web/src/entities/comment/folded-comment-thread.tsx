import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { CommentThread, type CommentThreadProps } from './comment-thread';
import './comment-thread.css';

/** The address fragment that opens a folded thread: a notification's link to a comment ends with it. */
export const COMMENTS_FRAGMENT = '#comments';

/**
 * A thread that opens on request (docs/product/comments-screens.md): the execution view keeps its
 * own "Comment" field (a result's comment) the only field of that name until someone asks for the
 * discussion. It opens by itself when the address ends with #comments.
 */
export function FoldedCommentThread(props: CommentThreadProps) {
  const location = useLocation();
  const [open, setOpen] = useState(location.hash === COMMENTS_FRAGMENT);
  const regionId = useId();
  return (
    <div id="comments" className="folded-comment-thread">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide the discussion' : 'Show the discussion'}
      </Button>
      <div id={regionId} className="comment-thread-body" hidden={!open}>
        {open ? <CommentThread {...props} /> : null}
      </div>
    </div>
  );
}
