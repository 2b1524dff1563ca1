import { describe, expect, it } from 'vitest';
import { pageButtons, pageWindow, showingText } from './pagination';

describe('pageWindow', () => {
  it('has no controls for up to 8 rows', () => {
    expect(pageWindow(0, 1)).toMatchObject({ page: 1, pageCount: 1, start: 0, end: 0 });
    expect(pageWindow(8, 1)).toMatchObject({ pageCount: 1, end: 8, showControls: false });
  });

  it('shows controls from the 9th row on', () => {
    expect(pageWindow(9, 1)).toMatchObject({ pageCount: 2, start: 0, end: 8, showControls: true });
    expect(pageWindow(9, 2)).toMatchObject({ page: 2, start: 8, end: 9 });
  });

  it('clamps the page into range', () => {
    expect(pageWindow(20, 7).page).toBe(3);
    expect(pageWindow(20, 0).page).toBe(1);
    expect(pageWindow(20, -4).page).toBe(1);
    expect(pageWindow(20, Number.NaN).page).toBe(1);
    expect(pageWindow(0, 5).page).toBe(1);
  });

  it('honours another page size', () => {
    expect(pageWindow(25, 3, 10)).toMatchObject({ pageCount: 3, start: 20, end: 25 });
  });
});

describe('showingText', () => {
  it('counts 1-based and inclusive', () => {
    expect(showingText(pageWindow(20, 1))).toBe('Showing 1-8 of 20');
    expect(showingText(pageWindow(20, 3))).toBe('Showing 17-20 of 20');
    expect(showingText(pageWindow(0, 1))).toBe('Showing 0-0 of 0');
  });
});

describe('pageButtons', () => {
  it('lists every page when there are few', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last and neighbours with gaps when there are many', () => {
    expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageButtons(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageButtons(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('always includes the current page and never repeats one', () => {
    for (let count = 1; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const numbers = pageButtons(page, count).filter((b) => b !== 'gap');
        expect(numbers).toContain(page);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});
