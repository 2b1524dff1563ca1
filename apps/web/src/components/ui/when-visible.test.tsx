import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

function stubObserver() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class Observer {
    readonly record: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.record = { callback, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return observers;
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenVisible', () => {
  it('keeps the height of its content until it comes into view, then draws it once', () => {
    const observers = stubObserver();
    const { container } = render(
      <WhenVisible height={220}>
        <p>Chart</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('Chart')).toBeNull();
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.height).toBe('220px');
    expect(box.getAttribute('aria-hidden')).toBe('true');

    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.queryByText('Chart')).toBeNull();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('Chart')).toBeTruthy();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('draws at once where the browser cannot tell what is in view', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible height={100}>
        <p>Chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Chart')).toBeTruthy();
  });
});
