import { describe, expect, it } from 'vitest';
import { namedOptions } from './option-lists';

describe('namedOptions', () => {
  it('lists the loaded items, then held ones the list lacks, once each', () => {
    expect(
      namedOptions(
        [
          { id: 1, name: 'QA', description: 'Testers' },
          { id: 2, name: 'Lead', description: '' },
        ],
        [
          { id: 2, name: 'Lead' },
          { id: 9, name: 'Hidden' },
        ],
      ),
    ).toEqual([
      { value: 1, label: 'QA', hint: 'Testers' },
      { value: 2, label: 'Lead', hint: undefined },
      { value: 9, label: 'Hidden', hint: undefined },
    ]);
  });

  it('still names held items when the list failed to load', () => {
    expect(namedOptions(undefined, [{ id: 3, name: 'home_project' }])).toEqual([
      { value: 3, label: 'home_project', hint: undefined },
    ]);
  });
});
