import type { CaseContent, CaseField } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { diffVersions } from './version-diff';

const content = (extra: Partial<CaseContent> = {}): CaseContent => ({
  name: 'Sign in',
  description: 'With a password',
  preconditions: '',
  priority: 'medium',
  tags: ['login'],
  steps: [{ action: 'Open the page', expected: 'A form shows' }],
  custom_fields: {},
  parameters: null,
  ...extra,
});

const browser: CaseField = {
  id: 3,
  project_id: 1,
  name: 'Browser',
  type: 'select',
  required: false,
  options: ['Firefox', 'Chrome'],
  default: null,
  position: 0,
};

describe('diffVersions', () => {
  it('lists only the fields that changed, the removed and added words marked', () => {
    const diffs = diffVersions(
      content(),
      content({ description: 'With a passkey', priority: 'high', custom_fields: { 3: 'Chrome' } }),
      [browser],
    );
    expect(diffs.map((d) => d.label)).toEqual(['Description', 'Priority', 'Browser']);
    const description = diffs[0];
    expect(description?.before.filter((p) => p.changed).map((p) => p.text)).toEqual(['password']);
    expect(description?.after.filter((p) => p.changed).map((p) => p.text)).toEqual(['passkey']);
    expect(description?.after.map((p) => p.text).join('')).toBe('With a passkey');
    expect(diffs[2]?.before.map((p) => p.text).join('')).toBe('-');
  });

  it('compares steps and tags as text, and names a deleted custom field by its id', () => {
    const diffs = diffVersions(
      content({ custom_fields: { 9: 'x' } }),
      content({
        steps: [{ action: 'Open the page', expected: 'A form and a link show' }],
        tags: ['login', 'smoke'],
      }),
      [],
    );
    expect(diffs.map((d) => d.label)).toEqual(['Tags', 'Steps', 'Custom field 9']);
  });

  it('finds nothing between equal versions', () => {
    expect(diffVersions(content(), content(), [browser])).toEqual([]);
  });
});
