/**
 * Chat messages link to pages of the web app, so they need Verdict's public address (PUBLIC_URL).
 * Events are queued by other modules' services inside their own transactions, which hold no
 * request and no settings; the address is one per process, so the webhooks plugin sets it here
 * once at start (webhooks-routes.ts). Without it, messages go without a link.
 */
let base: string | undefined;

export function setChatLinkBase(publicUrl: URL | undefined): void {
  base = publicUrl?.href.replace(/\/+$/, '');
}

/** A link to `path` of the web app, or null when no public address is set. */
export function chatLink(path: string, label: string): { url: string; label: string } | null {
  return base === undefined ? null : { url: `${base}${path}`, label };
}
