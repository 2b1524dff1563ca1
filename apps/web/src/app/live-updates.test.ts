import { describe, expect, it } from 'vitest';
import { readEvents, staleKeysOf } from './live-updates';

describe('readEvents', () => {
  it('answers the complete change events and keeps the unfinished rest', () => {
    const text =
      'retry: 2000\n: connected\n\n' +
      'event: change\ndata: {"kind":"cycles","projects":[3],"cycles":[7]}\n\n' +
      ': ping\n\n' +
      'event: change\r\ndata: {"kind":"runs","projects":[3],"cycles":null}\r\n\r\n' +
      'event: change\ndata: {"kind":"ru';
    const { changes, rest } = readEvents(text);
    expect(changes).toEqual([
      { kind: 'cycles', projects: [3], cycles: [7] },
      { kind: 'runs', projects: [3], cycles: null },
    ]);
    expect(rest).toBe('event: change\ndata: {"kind":"ru');
    expect(readEvents(`${rest}ns","projects":[1],"cycles":null}\n\n`).changes).toEqual([
      { kind: 'runs', projects: [1], cycles: null },
    ]);
  });

  it('skips other events and data it cannot read', () => {
    expect(readEvents('event: other\ndata: {}\n\nevent: change\ndata: nope\n\n').changes).toEqual([]);
  });
});

describe('staleKeysOf', () => {
  it('reloads the case lists, runs and counts after runs; the cycle screens after cycles', () => {
    expect(staleKeysOf('runs')).toContainEqual(['cases']);
    expect(staleKeysOf('runs')).toContainEqual(['runs']);
    expect(staleKeysOf('cycles')).toEqual([['cycles'], ['cycle-items'], ['my-work']]);
  });
});
