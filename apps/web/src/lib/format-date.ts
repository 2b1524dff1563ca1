/**
 * The one date format of the app (docs/product/shell-and-navigation.md, "Dates"): the reader's
 * locale, medium date and time, e.g. "Nov 23, 2026, 9:41:07 PM". `null` reads "Never".
 */
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : 'Never';
}

/** The machine-readable value for a `<time dateTime>` attribute. */
export function isoDateTime(iso: string): string {
  return new Date(iso).toISOString();
}
