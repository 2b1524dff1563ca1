import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS_MARK_COLORS, StatusMark, statusMarkLabel } from './status-mark';

describe('StatusMark', () => {
  it('names the latest status and, for a case with children, the roll-up of its subtree', () => {
    expect(statusMarkLabel({ status: 'passed', rollup: 'failed', hasChildren: true })).toBe(
      'Latest: passed, subtree: failed',
    );
    expect(statusMarkLabel({ status: null, rollup: 'passed', hasChildren: true })).toBe(
      'Latest: none, subtree: passed',
    );
    expect(statusMarkLabel({ status: 'failed', rollup: 'failed', hasChildren: false })).toBe(
      'Latest: failed',
    );
    expect(statusMarkLabel({ status: null })).toBe('Latest: none');
  });

  it('is an image with that name and tooltip, filled with the latest colour, ringed with the roll-up', () => {
    render(<StatusMark status="passed" rollup="failed" hasChildren />);
    const mark = screen.getByRole('img', { name: 'Latest: passed, subtree: failed' });
    expect(mark.getAttribute('title')).toBe('Latest: passed, subtree: failed');
    expect(mark.style.background).toBe('rgb(22, 163, 74)');
    expect(mark.style.border).toContain('rgb(220, 38, 38)');
  });

  it('is grey when nothing ran, and one colour for a leaf', () => {
    render(
      <>
        <StatusMark status={null} rollup={null} hasChildren />
        <StatusMark status="failed" rollup="failed" />
      </>,
    );
    const [none, leaf] = screen.getAllByRole('img');
    expect(none!.style.background).toBe('rgb(148, 163, 184)');
    expect(STATUS_MARK_COLORS.none).toBe('#94a3b8');
    expect(leaf!.getAttribute('aria-label')).toBe('Latest: failed');
    expect(leaf!.style.border).toContain('rgb(220, 38, 38)');
  });

  it('can describe a row without changing its name, or show its words', () => {
    render(
      <>
        <div role="treeitem" tabIndex={-1} aria-selected={false} aria-describedby="mark-7">
          <a href="/cases/7">Login</a>
          <StatusMark id="mark-7" asDescription status="failed" rollup="passed" hasChildren />
        </div>
        <StatusMark showLabel status="passed" rollup="failed" hasChildren />
      </>,
    );
    expect(
      screen.getByRole('treeitem', { name: 'Login', description: 'Latest: failed, subtree: passed' }),
    ).toBeTruthy();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(screen.getByText('Latest: passed, subtree: failed')).toBeTruthy();
  });
});
