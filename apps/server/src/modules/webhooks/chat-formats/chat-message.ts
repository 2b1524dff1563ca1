/**
 * What a chat message says, whichever service it is written for (docs/product/webhooks.md, "Chat
 * formats"); each service's file writes it in that service's shape.
 */
export interface ChatMessage {
  /** The project and what it is about: "Checkout Web · Nightly 42". */
  title: string;
  /** One line of what happened; also the text a notification shows. */
  summary: string;
  /** The page of the cycle (or item, case) in the web app; null when no public address is set. */
  link: { url: string; label: string } | null;
  /** Counts of the cycle's items by state, in the order shown. */
  counts: { name: string; value: number }[];
  /** The new failures' names (at most CHAT_FAILURES_MAX) and their whole count; null: not a cycle. */
  failures: { names: string[]; total: number } | null;
  /** Red when something failed, green when all ran well, grey otherwise (services with a colour). */
  tone: 'bad' | 'good' | 'neutral';
}

/** A card names this many new failures, then "and N more". */
export const CHAT_FAILURES_MAX = 10;
/** A failure's name is cut to this many characters in a card. */
const FAILURE_NAME_MAX = 150;

/** Cut to `max` characters (an ellipsis as the last one), for the services' length limits. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** The heading of the failures list: "New failures (12)". */
export const failuresHeading = (failures: { total: number }) => `New failures (${failures.total})`;

/** The failures as lines: the names, then "and N more" when the list was capped. */
export function failureLines(failures: { names: string[]; total: number }): string[] {
  const lines = failures.names.map((name) => cut(name, FAILURE_NAME_MAX));
  const more = failures.total - failures.names.length;
  if (more > 0) lines.push(`and ${more} more`);
  return lines;
}
