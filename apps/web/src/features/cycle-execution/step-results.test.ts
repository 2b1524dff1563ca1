import { describe, expect, it } from 'vitest';
import { stepResultsBody } from './step-results';

describe('stepResultsBody', () => {
  it('sends one entry per step, null where no state was set, comments trimmed', () => {
    expect(
      stepResultsBody(
        [
          { state: 'passed', comment: '' },
          { state: null, comment: 'typed but no state' },
          { state: 'failed', comment: '  Button missing ' },
        ],
        4,
      ),
    ).toEqual([{ state: 'passed' }, null, { state: 'failed', comment: 'Button missing' }, null]);
  });

  it('sends nothing when no step has a state', () => {
    expect(stepResultsBody([{ state: null, comment: 'x' }], 2)).toBeUndefined();
    expect(stepResultsBody([], 0)).toBeUndefined();
  });
});
