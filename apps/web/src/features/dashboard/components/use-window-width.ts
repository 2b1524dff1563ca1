import { useEffect, useState } from 'react';

/**
 * The dashboard tracks the window's width; a resize updates it
 * (docs/product/dashboard.md, "The screen (`/dashboard`)").
 */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
