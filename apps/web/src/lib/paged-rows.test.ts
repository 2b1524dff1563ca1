import { describe, expect, it } from 'vitest';
import { pagesAround } from './paged-rows';

describe('pagesAround', () => {
  it('always asks for page 0, then the pages the rows in view fall in', () => {
    expect(pagesAround(0, 20, 50)).toEqual([0]);
    expect(pagesAround(40, 60, 50)).toEqual([0, 1]);
    expect(pagesAround(1990, 2010, 50)).toEqual([0, 39, 40]);
    expect(pagesAround(3, 0, 50)).toEqual([0]);
  });
  it('names the pages a range of rows needs', () => {
    expect(pagesAround(0, 10, 200)).toEqual([0]);
    expect(pagesAround(190, 420, 200)).toEqual([0, 1, 2]);
    expect(pagesAround(5, 4, 200)).toEqual([0]);
  });
});
