/**
 * Error messages appear prefixed with a warning sign
 * (docs/product/shell-and-navigation.md, "Shared behaviour of screens").
 */
export const WARNING_SIGN = '⚠️';

/** Prefixes the warning sign once, even when the text already carries it (e.g. '⚠️ Server is not responding'). */
export function withWarningSign(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith(WARNING_SIGN) || trimmed.startsWith('⚠')) return trimmed;
  return `${WARNING_SIGN} ${trimmed}`;
}
