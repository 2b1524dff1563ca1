import type { CaseField } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { withTarget } from '@/lib/import-mapping';
import { mapsName, targetOptions } from './import-mapping';

const field = (id: number, name: string): CaseField => ({
  id,
  project_id: 3,
  name,
  type: 'text',
  required: false,
  options: [],
  default: null,
  position: id,
});

describe('the mapping of columns', () => {
  it('offers every target, then the custom fields by name, then any other target the server chose', () => {
    const options = targetOptions([field(4, 'Browser')], ['name', null, 'field:9']);
    expect(options.map((option) => option.label)).toEqual([
      "Don't import",
      'Name',
      'Description',
      'Preconditions',
      'Steps',
      'Expected results',
      'Priority',
      'Tags',
      'Suite',
      'Source id',
      'Source parent id',
      'Shared steps',
      'Parameters',
      'Browser',
      'field:9',
    ]);
    expect(options[0]?.value).toBe('');
    expect(options[13]?.value).toBe('field:4');
  });

  it('needs a column mapped to Name', () => {
    const mapping = ['name', 'tags', null];
    expect(mapsName(mapping)).toBe(true);
    expect(mapsName(withTarget(mapping, 0, ''))).toBe(false);
  });
});
