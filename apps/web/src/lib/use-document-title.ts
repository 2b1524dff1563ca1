import { useEffect } from 'react';
import { PRODUCT_NAME } from './ui-constants';

/** "Checkout Web · Verdict": the screen's own name first, so tabs and history tell pages apart. */
export function documentTitle(name: string): string {
  return name ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Names the browser tab after the screen (docs/product/projects.md, "Where you are").
 * `undefined` (a name still loading) leaves the title as it is.
 */
export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    if (name !== undefined) document.title = documentTitle(name);
  }, [name]);
}
