import { describe, expect, it } from 'vitest';
import { contentTypeOf } from './import-file';

describe('contentTypeOf', () => {
  it('keeps a type the server takes and otherwise goes by the extension', () => {
    expect(contentTypeOf({ name: 'cases.csv', type: 'text/csv' })).toBe('text/csv');
    expect(contentTypeOf({ name: 'cases.csv', type: 'application/vnd.ms-excel' })).toBe('text/csv');
    expect(contentTypeOf({ name: 'cases.CSV', type: '' })).toBe('text/csv');
    expect(contentTypeOf({ name: 'Cases.XLSX', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});
