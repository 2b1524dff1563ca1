import { type RefObject, useEffect } from 'react';
import { isSearchKey } from './search-address';

/**
 * '/' focuses the search box at `ref` (and selects what it holds) from anywhere on the screen,
 * unless focus is in a text field, where '/' is typed (docs/product/search-screens.md, "Keys").
 */
export function useSearchKey(ref: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const box = ref.current;
      if (!box || !isSearchKey(event)) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
