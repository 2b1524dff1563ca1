import { describe, expect, it } from 'vitest';
import {
  BLANK_REQUIREMENT,
  countsText,
  requirementBodyOf,
  summaryText,
  validateRequirement,
} from './requirement-text';

describe('the words of the requirements screens', () => {
  it('counts cases by their latest result, leaving out what is none', () => {
    expect(countsText({ cases: 0, passed: 0, failing: 0, untested: 0 })).toBe('No cases');
    expect(countsText({ cases: 1, passed: 1, failing: 0, untested: 0 })).toBe('1 case: 1 passed');
    expect(countsText({ cases: 1200, passed: 1000, failing: 150, untested: 50 })).toBe(
      '1,200 cases: 1,000 passed, 150 failing, 50 untested',
    );
  });

  it('sums the matrix up in words', () => {
    expect(summaryText({ passing: 12, failing: 3, untested: 4, not_covered: 5 })).toBe(
      'Requirements: 12 passing, 3 failing, 4 untested, 5 not covered',
    );
  });

  it('leaves an empty key out, so the server makes one, and clears an empty link and parent', () => {
    expect(requirementBodyOf({ ...BLANK_REQUIREMENT, title: ' Pay by card ' })).toEqual({
      title: 'Pay by card',
      description: '',
      status: 'draft',
      parent_id: null,
      external_url: null,
    });
    expect(
      requirementBodyOf({
        ...BLANK_REQUIREMENT,
        key: 'PAY-1',
        title: 'x',
        parent_id: '4',
        external_url: 'https://x.test/1',
      }),
    ).toMatchObject({ key: 'PAY-1', parent_id: 4, external_url: 'https://x.test/1' });
  });

  it('asks for a title, a well-formed key and a web link', () => {
    expect(validateRequirement({ ...BLANK_REQUIREMENT, key: '-bad', external_url: 'ftp://x' })).toEqual({
      title: 'Title is required',
      key: 'A key starts with a letter or digit and holds letters, digits, ".", "-" and "_"',
      external_url: 'A link starts with http:// or https://',
    });
  });
});
