import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { testCases } from '../cases/cases-schema.ts';
import { cycleItems } from '../cycles/cycles-schema.ts';
import { projects } from '../projects/projects-schema.ts';
import { users } from '../users/users-schema.ts';

/** The tables the comments module owns (decision 176; docs/database.md lists every table's owner). */

/**
 * A comment on a test case or on a cycle item (exactly one of them), in Markdown. The project is
 * kept beside it so who may read it is one lookup; a deleted author leaves the comment standing.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    caseId: integer('case_id').references(() => testCases.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => cycleItems.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    check('comments_target_check', sql`(${t.caseId} is null) <> (${t.itemId} is null)`),
    index('comments_case_idx').on(t.caseId, t.id),
    index('comments_item_idx').on(t.itemId, t.id),
  ],
);

/** The members a comment mentions who could see the project when it was written. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_mentions_user_idx').on(t.userId)],
);
