/** SPEC §8: error messages appear prefixed with a warning sign. */
export const WARNING_SIGN = '⚠️';

/** Prefixes the warning sign once, even when the text already carries it (e.g. '⚠️ Server is not responding'). */
export function withWarningSign(text: string): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith(WARNING_SIGN) || trimmed.startsWith('⚠')) return trimmed;
  return `${WARNING_SIGN} ${trimmed}`;
}
