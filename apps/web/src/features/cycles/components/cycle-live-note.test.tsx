import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { cycleOf } from '@/test/world';
import { CycleLiveNote } from './cycle-live-note';

describe("a live run's note on its cycle", () => {
  it('says when a run stopped reporting', () => {
    const at = '2026-11-29T07:40:00.000Z';
    render(
      <CycleLiveNote cycle={cycleOf({ source: 'import', live: { state: 'stopped', last_result_at: at } })} />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      `This run stopped reporting at ${formatDateTime(at)}: it sent no result since, and was never finished.`,
    );
  });

  it('says a running run fills live, and nothing once finished or for another cycle', () => {
    const at = '2026-11-29T07:40:00.000Z';
    const { rerender } = render(
      <CycleLiveNote cycle={cycleOf({ source: 'import', live: { state: 'running', last_result_at: at } })} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/reporting live/);
    rerender(
      <CycleLiveNote
        cycle={cycleOf({ source: 'import', live: { state: 'finished', last_result_at: at } })}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<CycleLiveNote cycle={cycleOf({ source: 'import' })} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
