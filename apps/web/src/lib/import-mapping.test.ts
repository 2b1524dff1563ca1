import { describe, expect, it } from 'vitest';
import { columnLabel, encodeMapping, mappingQuery, problemText, withTarget } from './import-mapping';

describe('the mapping of columns', () => {
  it('encodes one entry per column, empty for a column left out, escaped for the address', () => {
    const mapping = ['name', null, 'steps', 'expected_results', 'field:12', null];
    expect(encodeMapping(mapping)).toBe('name,,steps,expected_results,field:12,');
    expect(mappingQuery(mapping)).toBe('?mapping=name%2C%2Csteps%2Cexpected_results%2Cfield%3A12%2C');
    expect(mappingQuery(null)).toBe('');
    expect(encodeMapping([])).toBe('');
  });

  it('changes one column, the empty choice meaning not imported', () => {
    const mapping = ['name', 'tags', null];
    expect(withTarget(mapping, 2, 'suite')).toEqual(['name', 'tags', 'suite']);
    expect(withTarget(mapping, 0, '')).toEqual([null, 'tags', null]);
    expect(mapping).toEqual(['name', 'tags', null]);
  });
});

describe('words', () => {
  it('names a problem by its row and column, or its row alone', () => {
    expect(problemText({ row: 5, column: 'Priority', message: 'Unknown priority "Urgent"' })).toBe(
      'Row 5, Priority: Unknown priority "Urgent"',
    );
    expect(problemText({ row: 7, column: '', message: 'The row is empty' })).toBe('Row 7: The row is empty');
    expect(problemText({ row: 1, column: 'Section', message: '"Title" already fills name' })).toBe(
      'Header row, Section: "Title" already fills name',
    );
  });

  it('names a column without a header by its place', () => {
    expect(columnLabel('Title', 0)).toBe('Title');
    expect(columnLabel('  ', 2)).toBe('Column 3');
  });
});
