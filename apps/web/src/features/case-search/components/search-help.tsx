import { QUERY_LIMITS } from '@verdict/contract';

/** The language of docs/product/search.md, one example a term. */
const TERMS: readonly { example: string; finds: string }[] = [
  { example: 'login', finds: 'cases whose name, description, preconditions or steps contain the word' },
  { example: '"wrong password"', finds: 'the same for the words in that order' },
  { example: 'tag:smoke', finds: 'cases with that tag (tag:"two words" for a tag with a space)' },
  { example: 'priority:high', finds: 'critical, high, medium or low' },
  { example: 'status:failed', finds: 'the latest run: passed, failed, or none when the case never ran' },
  {
    example: 'rollup:failed',
    finds: 'the roll-up of the case and everything below it: passed, failed or none',
  },
  {
    example: 'suite:"Login flow"',
    finds: 'cases of the suite with that name; suite:none for cases in no suite',
  },
  {
    example: 'assignee:me',
    finds: 'cases with an item in an open test cycle assigned to you, or assignee:<username>',
  },
  {
    example: 'is:flaky',
    finds: 'cases flaky on some branch (see Flaky Tests); is:quarantined for cases in quarantine',
  },
  {
    example: 'defect:PROJ-12',
    finds: 'cases with that defect linked to them, their cycle items or results (defect:12 finds #12)',
  },
  {
    example: 'milestone:"Release 2.3"',
    finds: 'cases in a test cycle of that milestone or its sub-milestones; milestone:none for cases in none',
  },
  {
    example: 'req:REQ-12',
    finds:
      'cases linked to the requirement with that key; has:requirement for cases linked to any, -has:requirement to none',
  },
  {
    example: 'Browser:Chrome',
    finds: 'a custom field by its name ("Browser name":Chrome when the name has a space)',
  },
  { example: '-tag:flaky', finds: 'a leading - leaves out what the term matches' },
  {
    example: 'tag:smoke OR tag:regression',
    finds: 'cases matching either side (OR in capitals; or in lower case is a word)',
  },
  {
    example: 'priority:high (tag:web OR tag:api)',
    finds: 'parentheses group terms; -( … ) leaves out what the group matches',
  },
];

/**
 * 'Search help': a disclosure under the box listing the terms of the search language, each
 * with an example (docs/product/search.md, "The language").
 */
export function SearchHelp() {
  return (
    <details className="case-search-help">
      <summary>Search help</summary>
      <p>
        Terms are separated by spaces, and a case must match every term. <code>OR</code> between two terms
        matches either; terms side by side bind first, so <code>a b OR c</code> means (a and b) or c.
        Parentheses group terms, up to {QUERY_LIMITS.depth} deep, in a query of at most {QUERY_LIMITS.terms}{' '}
        terms; to search for a parenthesis, put it in quotes.
      </p>
      <dl>
        {TERMS.map((term) => (
          <div key={term.example}>
            <dt>
              <code>{term.example}</code>
            </dt>
            <dd>{term.finds}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
