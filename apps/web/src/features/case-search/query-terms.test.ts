import { splitQuery } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { problemParts, queryProblemsOf } from './query-terms';

const sources = (query: string) => splitQuery(query).map((term) => term.source);

describe('splitQuery', () => {
  it('splits words, phrases and field terms on spaces, numbering them from 0', () => {
    expect(splitQuery('login  "wrong password"\ttag:smoke')).toEqual([
      { index: 0, start: 0, source: 'login', negated: false, field: null, value: 'login', unclosed: false },
      {
        index: 1,
        start: 7,
        source: '"wrong password"',
        negated: false,
        field: null,
        value: 'wrong password',
        unclosed: false,
      },
      {
        index: 2,
        start: 24,
        source: 'tag:smoke',
        negated: false,
        field: 'tag',
        value: 'smoke',
        unclosed: false,
      },
    ]);
  });

  it('reads quoted values, quoted field names and escapes', () => {
    const [value, name, escaped] = splitQuery('suite:"Login flow" "Browser name":Chrome "say \\"hi\\" \\\\"');
    expect(value).toMatchObject({ source: 'suite:"Login flow"', field: 'suite', value: 'Login flow' });
    expect(name).toMatchObject({ source: '"Browser name":Chrome', field: 'Browser name', value: 'Chrome' });
    expect(escaped).toMatchObject({ field: null, value: 'say "hi" \\' });
  });

  it('negates with a leading -, but a lone - is a word', () => {
    expect(splitQuery('-tag:flaky -"work in progress" - x')).toMatchObject([
      { source: '-tag:flaky', negated: true, field: 'tag', value: 'flaky' },
      { source: '-"work in progress"', negated: true, field: null, value: 'work in progress' },
      { source: '-', negated: false, field: null, value: '-' },
      { source: 'x', negated: false },
    ]);
  });

  it('keeps terms the server will refuse, so their chips can be marked', () => {
    expect(splitQuery(':red tag: priority:urgent')).toMatchObject([
      { index: 0, source: ':red', field: '', value: 'red' },
      { index: 1, source: 'tag:', field: 'tag', value: '' },
      { index: 2, source: 'priority:urgent', field: 'priority', value: 'urgent' },
    ]);
  });

  it('runs a quote that is never closed to the end of the query, and stops there', () => {
    expect(splitQuery('smoke "half open tag:x')).toMatchObject([
      { index: 0, source: 'smoke' },
      { index: 1, source: '"half open tag:x', unclosed: true },
    ]);
    expect(sources('tag:"two words')).toEqual(['tag:"two words']);
  });

  it('takes words literally: colons after the first belong to the value, % and * are plain', () => {
    expect(splitQuery('url:http://x 100%')).toMatchObject([
      { field: 'url', value: 'http://x' },
      { field: null, value: '100%' },
    ]);
  });

  it('splits off OR in capitals and parentheses as operators, -( as a negated group', () => {
    expect(splitQuery('(tag:a OR b) -(c or "OR")')).toMatchObject([
      { index: 0, start: 0, source: '(', operator: '(', negated: false },
      { index: 1, source: 'tag:a', field: 'tag', value: 'a' },
      { index: 2, start: 7, source: 'OR', operator: 'OR' },
      { index: 3, source: 'b', value: 'b' },
      { index: 4, source: ')', operator: ')' },
      { index: 5, start: 13, source: '-(', operator: '(', negated: true },
      { index: 6, source: 'c' },
      { index: 7, source: 'or', value: 'or' },
      { index: 8, source: '"OR"', value: 'OR' },
      { index: 9, source: ')', operator: ')' },
    ]);
    const terms = splitQuery('or "OR" -OR f(x)');
    expect(terms.some((term) => term.operator)).toBe(false);
    expect(sources('f(x) (g(y))')).toEqual(['f(x)', '(', 'g(y)', ')']);
  });

  it('has no terms for an empty or blank query', () => {
    expect(splitQuery('')).toEqual([]);
    expect(splitQuery('   ')).toEqual([]);
  });
});

const refused = (details: unknown, status = 400) =>
  new ApiError({ kind: 'response', status, reason: `HTTP ${status}`, body: { message: 'x', details } });

describe('queryProblemsOf', () => {
  it('answers each q.<n> detail of a 400 as a problem at term n, in term order', () => {
    const error = refused([
      { field: 'q.2', message: 'colour:red: Unknown field "colour"' },
      { field: 'q.1', message: 'priority:urgent: Unknown priority "urgent"' },
      { field: 'limit', message: 'must be at most 200' },
    ]);
    expect(queryProblemsOf(error)).toEqual([
      { index: 1, message: 'priority:urgent: Unknown priority "urgent"' },
      { index: 2, message: 'colour:red: Unknown field "colour"' },
    ]);
  });

  it('answers nothing for other failures, which show as a failed load', () => {
    expect(queryProblemsOf(refused([{ field: 'q.0', message: 'x' }], 500))).toEqual([]);
    expect(queryProblemsOf(refused(undefined))).toEqual([]);
    expect(queryProblemsOf(new Error('offline'))).toEqual([]);
    expect(queryProblemsOf(null)).toEqual([]);
  });
});

describe('problemParts', () => {
  const terms = splitQuery('login priority:urgent "open');
  it('splits off the term the message starts with', () => {
    expect(problemParts({ index: 1, message: 'priority:urgent: Unknown priority "urgent"' }, terms)).toEqual({
      term: 'priority:urgent',
      rest: ': Unknown priority "urgent"',
    });
    expect(problemParts({ index: 2, message: '"open: A quote is not closed' }, terms)).toEqual({
      term: '"open',
      rest: ': A quote is not closed',
    });
  });

  it('shows a message whole when it does not start with its term', () => {
    expect(problemParts({ index: 0, message: 'Something else' }, terms)).toEqual({
      term: '',
      rest: 'Something else',
    });
    expect(problemParts({ index: 9, message: 'x: y' }, terms)).toEqual({ term: '', rest: 'x: y' });
  });
});
