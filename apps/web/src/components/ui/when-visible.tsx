import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface WhenVisibleProps {
  /** The height the content will take, kept while it is not drawn, so nothing moves when it is. */
  height: number;
  /** How far below the window the content starts to load (CSS margin syntax). */
  margin?: string;
  children: ReactNode;
}

/**
 * Draws `children` once they come near the window, and until then an empty box of their height:
 * code that only they need (a chart library) loads when it is looked at, not with the page, and
 * the page does not shift when it arrives. Where IntersectionObserver is missing, draws at once.
 */
export function WhenVisible({ height, margin = '200px', children }: WhenVisibleProps) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, margin]);
  if (shown) return <>{children}</>;
  return <div ref={box} className="when-visible-placeholder" style={{ height }} aria-hidden="true" />;
}
