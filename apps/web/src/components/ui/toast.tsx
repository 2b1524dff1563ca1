import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TOAST_DURATION_MS } from '@/lib/ui-constants';
import { withWarningSign } from '@/lib/warning-sign';

export type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

export interface ToastApi {
  /** Shows a toast for TOAST_DURATION_MS (3 s). Error toasts get the warning-sign prefix. */
  show: (message: string, kind?: ToastKind) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((message: string, kind: ToastKind = 'success') => {
    const id = nextId.current++;
    setToasts((current) => [...current, { id, message, kind }]);
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live region exists before any toast so screen readers announce additions. */}
      <div className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * One toast, gone after TOAST_DURATION_MS. Its clock stops while the pointer is on it or focus is
 * in it, so it can be read (or its Dismiss reached) at any pace; it runs on with the time that was
 * left (docs/product/errors-and-keyboard.md, "Toasts").
 */
function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, onDismiss, toast.id]);

  return (
    <div
      role="status"
      className={`toast toast-${toast.kind}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span className="toast-message">
        {toast.kind === 'error' ? withWarningSign(toast.message) : toast.message}
      </span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside <ToastProvider>');
  return api;
}

/** What a screen passes to `navigate(path, { state })` to have the next screen show a toast. */
export interface NavigationToastState {
  message?: string;
  kind?: ToastKind;
}

/**
 * Shows `location.state.message` as a toast once, then replaces the history entry without it,
 * so neither a reload nor Back shows it again. Both layouts call this; screens need not.
 */
export function useNavigationToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { show } = useToast();
  // StrictMode runs effects twice; remember which history entry was already shown.
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const state: unknown = location.state;
    if (!isToastState(state) || shownFor.current === location.key) return;
    shownFor.current = location.key;
    show(state.message, state.kind ?? 'success');
    const { message: _message, kind: _kind, ...rest } = state;
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
  }, [location, navigate, show]);
}

function isToastState(
  state: unknown,
): state is Required<Pick<NavigationToastState, 'message'>> & NavigationToastState & Record<string, unknown> {
  if (typeof state !== 'object' || state === null) return false;
  const { message } = state as NavigationToastState;
  return typeof message === 'string' && message !== '';
}
