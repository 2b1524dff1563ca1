import { type Static, Type } from 'typebox';
import { UserRef } from './cycles.ts';

/**
 * Comments on cases and cycle items (docs/product/comments.md): Markdown kept as written and
 * rendered safely, shown oldest first, with the `@username` mentions of people who can see the
 * project.
 */

export const COMMENT_LIMITS = {
  /** A comment's body, in characters; it must hold something besides spaces. */
  bodyMax: 10_000,
  /** The most comments one page of a thread answers (`next` asks for the rest). */
  pageMax: 500,
  /** The most people one comment mentions; later names stay text. */
  mentionsMax: 50,
  /** The most people the mention picker offers at once. */
  mentionableMax: 20,
  /** The longest prefix the mention picker searches by. */
  mentionQueryMax: 255,
} as const;

/**
 * A mention: `@` at the start or after a character that cannot be part of a name (so an email
 * address mentions nobody), then letters, digits, `.`, `_` and `-`. A name ending in `.` loses the
 * dot (the end of a sentence). Usernames holding anything else (a space) can be written but not
 * mentioned.
 */
export const MENTION_PATTERN = /(?<![\p{L}\p{N}._@-])@([\p{L}\p{N}._-]+)/gu;

/** The usernames a text mentions, as written (lower-cased, without repeats), in order. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = match[1]!.replace(/\.+$/, '').toLowerCase();
    if (name !== '') names.add(name);
  }
  return [...names];
}

/** Whether someone with this username can be mentioned (the picker offers only those). */
export function isMentionableName(username: string): boolean {
  return /^[\p{L}\p{N}._-]*[\p{L}\p{N}_-]$/u.test(username);
}

export const CommentBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: COMMENT_LIMITS.bodyMax }) },
  { additionalProperties: false },
);
export type CommentBody = Static<typeof CommentBody>;

export const Comment = Type.Object({
  id: Type.Integer(),
  body: Type.String(),
  /** Null once the author's account is deleted. */
  author: Type.Union([UserRef, Type.Null()]),
  created_at: Type.String(),
  /** Null until the comment is edited. */
  updated_at: Type.Union([Type.String(), Type.Null()]),
  mentions: Type.Array(UserRef),
});
export type Comment = Static<typeof Comment>;

export const CommentListQuery = Type.Object(
  {
    /** Only comments after this id (the `next` of the previous page). */
    after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: COMMENT_LIMITS.pageMax })),
  },
  { additionalProperties: false },
);
export type CommentListQuery = Static<typeof CommentListQuery>;

export const CommentList = Type.Object({
  /** Oldest first. */
  comments: Type.Array(Comment),
  /** Pass as `after` for the next page; null on the last page. */
  next: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the caller may delete anyone's comment (an administrator). */
  can_delete_any: Type.Boolean(),
});
export type CommentList = Static<typeof CommentList>;

export const CommentMutation = Type.Object({ message: Type.String(), comment: Comment });
export type CommentMutation = Static<typeof CommentMutation>;

export const MentionableQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: COMMENT_LIMITS.mentionQueryMax })) },
  { additionalProperties: false },
);
export type MentionableQuery = Static<typeof MentionableQuery>;

export const MentionableList = Type.Object({ users: Type.Array(UserRef) });
export type MentionableList = Static<typeof MentionableList>;
