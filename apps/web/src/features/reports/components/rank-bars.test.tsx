import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '@/lib/format-duration';
import { RankBars } from './rank-bars';

describe('RankBars', () => {
  it('shows each name whole, so two long names that start alike never read the same', () => {
    const card = 'Pay by card on the checkout page with a saved card and 3-D Secure';
    const voucher = 'Pay by card on the checkout page with a voucher applied first';
    render(
      <RankBars
        points={[
          { label: card, value: 12_300 },
          { label: voucher, value: 4_100 },
        ]}
        format={formatDuration}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toBe(`${card}12.3 s`);
    expect(rows[1]!.textContent).toBe(`${voucher}4.1 s`);
    expect(screen.getByText(card).textContent).not.toContain('…');
    // The largest fills its track; the others in proportion.
    const fills = [...document.querySelectorAll<HTMLElement>('.rank-bar-fill')].map(
      (fill) => fill.style.width,
    );
    expect(fills[0]).toBe('100%');
    expect(Number.parseFloat(fills[1]!)).toBeCloseTo(33.3, 1);
  });
});
