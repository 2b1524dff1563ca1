import {
  COMMENT_LIMITS,
  type Comment,
  type CommentList,
  type CommentListQuery,
  isMentionableName,
  mentionedNames,
  type UserRef,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { quoted, recordAudit } from '../audit-log/audit-entries.ts';
import {
  isAdministrator,
  missingPermission,
  type Principal,
  requireProject,
  requireProjectOf,
} from '../authz/authorization.ts';
import { CASE_NOT_FOUND } from '../cases/cases-service.ts';
import { ITEM_NOT_FOUND } from '../cycles/cycle-rules.ts';
import { notifyComment } from '../notifications/notification-events.ts';
import {
  type CommentRef,
  type CommentTarget,
  deleteComment,
  findCaseTarget,
  findComment,
  findCommentRef,
  findItemTarget,
  insertComment,
  setMentions,
  threadPage,
  updateCommentBody,
  viewersNamed,
  viewersStartingWith,
} from './comments-repository.ts';

/**
 * Comments on cases and cycle items (docs/product/comments.md). Reading a thread needs only seeing
 * the project; writing needs `comment` there; editing is the author's alone; deleting the author's
 * or an administrator's (the built-in Administrator role, docs/decisions/237-comments-and-the-comment-permission.md).
 */

export const COMMENT_NOT_FOUND = 'Comment not found';

export type ThreadOwner = { kind: 'case'; id: number } | { kind: 'item'; id: number };

async function targetOf(db: Tx, owner: ThreadOwner): Promise<CommentTarget | null> {
  return owner.kind === 'case' ? findCaseTarget(db, owner.id) : findItemTarget(db, owner.id);
}

const notFoundOf = (owner: ThreadOwner) => (owner.kind === 'case' ? CASE_NOT_FOUND : ITEM_NOT_FOUND);

/** The body as stored: trimmed, and holding something besides spaces. */
function checkedBody(body: string): string {
  const text = body.trim();
  if (text === '')
    throw new BadRequestError('Write something in the comment', [{ field: 'body', message: 'is required' }]);
  return text;
}

/** The people a body mentions who can see the project (at most COMMENT_LIMITS.mentionsMax). */
async function mentionsOf(tx: Tx, projectId: number, body: string): Promise<UserRef[]> {
  const names = mentionedNames(body).slice(0, COMMENT_LIMITS.mentionsMax);
  return viewersNamed(tx, projectId, names);
}

export async function listThread(
  db: Db,
  principal: Principal,
  owner: ThreadOwner,
  query: CommentListQuery,
): Promise<CommentList> {
  const target = await targetOf(db, owner);
  await requireProjectOf(db, principal, target?.projectId, notFoundOf(owner));
  const limit = query.limit ?? COMMENT_LIMITS.pageMax;
  // One more than asked tells whether a next page exists.
  const rows = await threadPage(
    db,
    { caseId: target!.caseId, itemId: target!.itemId },
    query.after ?? 0,
    limit + 1,
  );
  const comments = rows.slice(0, limit);
  return {
    comments,
    next: rows.length > limit ? comments[comments.length - 1]!.id : null,
    can_delete_any: await isAdministrator(db, principal),
  };
}

export async function addComment(
  db: Db,
  principal: Principal,
  owner: ThreadOwner,
  body: string,
): Promise<Comment> {
  const text = checkedBody(body);
  return db.transaction(async (tx) => {
    const target = await targetOf(tx, owner);
    await requireProjectOf(tx, principal, target?.projectId, notFoundOf(owner), 'comment');
    const id = await insertComment(tx, target!, principal.id, text).catch((error: unknown) => {
      // The case or item was deleted meanwhile.
      if (dbViolationOf(error)?.kind === 'foreign-key') throw new NotFoundError(notFoundOf(owner));
      throw error;
    });
    const mentions = await mentionsOf(tx, target!.projectId, text);
    await setMentions(
      tx,
      id,
      mentions.map((m) => m.id),
    );
    await auditComment(tx, principal, target!, 'Added', id, { before: null, after: text });
    await notifyComment(tx, {
      actor: principal,
      projectId: target!.projectId,
      thread: target!,
      where: threadName(target!),
      commentId: id,
      newMentions: mentions.map((m) => m.id),
      isNew: true,
    });
    return (await findComment(tx, id))!;
  });
}

/** The comment's thread target, after the caller was let see its project (404 otherwise). */
async function commentInReach(
  tx: Tx,
  principal: Principal,
  id: number,
): Promise<{ ref: CommentRef; target: CommentTarget | null; access: Set<string> }> {
  const ref = await findCommentRef(tx, id, true);
  const access = await requireProjectOf(tx, principal, ref?.project_id, COMMENT_NOT_FOUND);
  const target =
    ref!.case_id !== null ? await findCaseTarget(tx, ref!.case_id) : await findItemTarget(tx, ref!.item_id!);
  return { ref: ref!, target, access: access.permissions };
}

export async function editComment(db: Db, principal: Principal, id: number, body: string): Promise<Comment> {
  const text = checkedBody(body);
  return db.transaction(async (tx) => {
    const { ref, target, access } = await commentInReach(tx, principal, id);
    if (!access.has('comment')) throw missingPermission('comment');
    if (ref.author_id !== principal.id) {
      throw new ForbiddenError('Only the author of a comment may edit it', 'not_your_comment');
    }
    if (ref.body !== text) {
      await updateCommentBody(tx, id, text);
      const before = new Set((await findComment(tx, id))!.mentions.map((m) => m.id));
      const mentions = await mentionsOf(tx, ref.project_id, text);
      await setMentions(
        tx,
        id,
        mentions.map((m) => m.id),
      );
      if (target) {
        await auditComment(tx, principal, target, 'Edited', id, { before: ref.body, after: text });
        // Only the people the edit adds are told; those already mentioned were told before.
        await notifyComment(tx, {
          actor: principal,
          projectId: ref.project_id,
          thread: target,
          where: threadName(target),
          commentId: id,
          newMentions: mentions.map((m) => m.id).filter((userId) => !before.has(userId)),
          isNew: false,
        });
      }
    }
    return (await findComment(tx, id))!;
  });
}

export async function removeComment(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { ref, target, access } = await commentInReach(tx, principal, id);
    if (!(await isAdministrator(tx, principal))) {
      if (!access.has('comment')) throw missingPermission('comment');
      if (ref.author_id !== principal.id) {
        throw new ForbiddenError(
          'Only the author of a comment or an administrator may delete it',
          'not_your_comment',
        );
      }
    }
    await deleteComment(tx, id);
    if (target) await auditComment(tx, principal, target, 'Deleted', id, { before: ref.body, after: null });
  });
}

/** What a thread is on, as a notification names it. */
function threadName(target: CommentTarget): string {
  return target.caseId !== null ? `case ${quoted(target.name)}` : `an item of cycle ${quoted(target.name)}`;
}

/**
 * The audit log has no comment entity: a comment is a change of the case, or of the cycle whose
 * item it is on, as a defect link is (docs/decisions/238-comment-mentions-markdown-and-audit.md).
 */
function auditComment(
  tx: Tx,
  principal: Principal,
  target: CommentTarget,
  verb: 'Added' | 'Edited' | 'Deleted',
  id: number,
  change: { before: string | null; after: string | null },
) {
  const onCase = target.caseId !== null;
  const where = onCase
    ? `case ${quoted(target.name)}`
    : `item #${target.itemId} of cycle ${quoted(target.name)}`;
  const preposition = { Added: 'to', Edited: 'on', Deleted: 'from' }[verb];
  return recordAudit(tx, principal, {
    action: 'update',
    entity: onCase ? 'case' : 'cycle',
    entityId: onCase ? target.caseId : target.cycleId,
    projectId: target.projectId,
    summary: `${verb} comment #${id} ${preposition} ${where}`,
    changes: { comment: change },
  });
}

/** The people a mention can name in a project, for the picker: at most COMMENT_LIMITS.mentionableMax. */
export async function mentionable(
  db: Db,
  principal: Principal,
  projectId: number,
  q: string | undefined,
): Promise<UserRef[]> {
  await requireProject(db, principal, projectId);
  const prefix = (q ?? '').trim().replace(/^@/, '');
  // Names a mention cannot write are left out after the read, so read a few more than shown.
  const rows = await viewersStartingWith(db, projectId, prefix, COMMENT_LIMITS.mentionableMax * 5);
  return rows.filter((u) => isMentionableName(u.username)).slice(0, COMMENT_LIMITS.mentionableMax);
}
