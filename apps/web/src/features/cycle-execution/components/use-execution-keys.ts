import { useEffect, useRef } from 'react';
import { mainContent } from '@/lib/focus-heading';
import { actionOfKey, type ExecutionAction, keysApplyTo } from '../result-keys';

/**
 * Listens for the execution view's keys on the whole window while the view is open. `onAction`
 * answers whether it acted; only then is the key taken from the browser.
 */
export function useExecutionKeys(onAction: (action: ExecutionAction) => boolean): void {
  const latest = useRef(onAction);
  useEffect(() => {
    latest.current = onAction;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!keysApplyTo(event.target, mainContent())) return;
      const action = actionOfKey(event);
      if (action && latest.current(action)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
