const TRIMMED_FIELDS = ['name', 'username', 'email', 'description'];

/**
 * Names and emails are compared and bounded after trimming (docs/product/README.md, "Conventions
 * every call follows"), so the body is trimmed
 * before validation. Passwords are never touched.
 */
export function trimBodyFields(body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const record = body as Record<string, unknown>;
  for (const field of TRIMMED_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') record[field] = value.trim();
  }
}
