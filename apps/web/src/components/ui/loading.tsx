export interface LoadingProps {
  /** Visible text, e.g. 'Loading user data...'. */
  text?: string;
  /** Centre it in the whole viewport (used while the session is being restored). */
  fullPage?: boolean;
}

export function Loading({ text = 'Loading...', fullPage = false }: LoadingProps) {
  return (
    <div className={fullPage ? 'loading loading-full-page' : 'loading'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
