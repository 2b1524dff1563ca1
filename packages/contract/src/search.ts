import { type Static, Type } from 'typebox';
import { TestCase } from './cases.ts';

/** `GET /api/projects/{id}/cases/search` (docs/product/search.md). */
export const CaseSearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 1000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export type CaseSearchQuery = Static<typeof CaseSearchQuery>;

/** A found case as lists show it, with where it sits: its suite's name and its ancestors' names, top first. */
export const CaseSearchHit = Type.Object({
  ...TestCase.properties,
  suite_name: Type.Union([Type.String(), Type.Null()]),
  ancestors: Type.Array(Type.String()),
});
export type CaseSearchHit = Static<typeof CaseSearchHit>;

/**
 * `total`: how many cases match, counted up to CASE_SEARCH_COUNT_MAX; when more match,
 * `total` is that cap and `total_capped` is true (the screen says "More than 1,000 cases match"). Counting
 * every match of a broad query in a large project is what made a search slow; the pages past the
 * cap are not served either (`offset` beyond it answers no items).
 */
export const CaseSearchPage = Type.Object({
  items: Type.Array(CaseSearchHit),
  total: Type.Integer(),
  total_capped: Type.Boolean(),
});
export type CaseSearchPage = Static<typeof CaseSearchPage>;

/** How far a search counts its matches (see CaseSearchPage). */
export const CASE_SEARCH_COUNT_MAX = 1_000;

/** How many hits a page holds unless `limit` says otherwise. */
export const CASE_SEARCH_PAGE = 50;

/** A query its owner saved for a project (docs/product/search.md, "Saved searches"). */
export const SavedSearch = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  name: Type.String(),
  q: Type.String(),
  created_at: Type.String(),
});
export type SavedSearch = Static<typeof SavedSearch>;

export const SavedSearchList = Type.Object({ searches: Type.Array(SavedSearch) });
export type SavedSearchList = Static<typeof SavedSearchList>;

export const SaveSearchBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), q: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export type SaveSearchBody = Static<typeof SaveSearchBody>;

export const SavedSearchMutation = Type.Object({ message: Type.String(), search: SavedSearch });
export type SavedSearchMutation = Static<typeof SavedSearchMutation>;

/** How many searches one person may save in one project. */
export const SAVED_SEARCHES_MAX = 100;
