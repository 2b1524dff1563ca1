import type { CaseField, TestCaseDetail } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { moveStep } from '@/entities/case/step-order';
import { caseDetailOf } from '@/test/world';
import { addTags, fieldValue, normalizeTag, richBody, richContentOf } from './case-content';

const field = (id: number, type: CaseField['type'], extra: Partial<CaseField> = {}): CaseField => ({
  id,
  project_id: 1,
  name: `Field ${id}`,
  type,
  required: false,
  options: [],
  default: null,
  position: id,
  ...extra,
});

describe('tags', () => {
  it('are trimmed, lower-cased and kept once; commas make several', () => {
    expect(normalizeTag('  Smoke ')).toBe('smoke');
    expect(normalizeTag('   ')).toBeNull();
    expect(addTags(['smoke'], 'SMOKE, Login ,,api')).toEqual(['smoke', 'login', 'api']);
  });
});

describe('moveStep', () => {
  it('moves a step up or down and leaves the ends alone', () => {
    expect(moveStep(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveStep(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveStep(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveStep(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('custom field values', () => {
  const fields = [
    field(1, 'number'),
    field(2, 'checkbox'),
    field(3, 'multiselect', { options: ['a', 'b'] }),
    field(4, 'select', { options: ['x'], default: 'x' }),
    field(5, 'text'),
  ];

  it('start from the defaults on a new case and from the case on an edit', () => {
    const values = (content: ReturnType<typeof richContentOf>, testCase: TestCaseDetail | null) =>
      Object.fromEntries(fields.map((f) => [f.id, fieldValue(content, f, testCase)]));
    expect(values(richContentOf(null), null)).toEqual({ 1: '', 2: false, 3: [], 4: 'x', 5: '' });
    const testCase = {
      preconditions: 'p',
      priority: 'high',
      tags: ['t'],
      steps: [{ action: 'a', expected: 'e' }],
      custom_fields: { 1: 3.5, 2: true, 3: ['b'] },
    } as unknown as TestCaseDetail;
    const content = richContentOf(testCase);
    expect(values(content, testCase)).toEqual({ 1: '3.5', 2: true, 3: ['b'], 4: '', 5: '' });
    expect(values({ ...content, custom_fields: { 2: false } }, testCase)[2]).toBe(false);
    expect(content.priority).toBe('high');
  });

  it('are sent typed, every field shown, and an emptied one as null', () => {
    const body = richBody(
      {
        preconditions: '',
        priority: 'medium',
        tags: [],
        steps: [],
        custom_fields: { 1: '42', 2: false, 3: [], 4: 'x', 5: '  ' },
        parameters: null,
      },
      fields,
      null,
    );
    expect(body.custom_fields).toEqual({ 1: 42, 2: false, 3: null, 4: 'x', 5: null });
    expect(body).toMatchObject({ preconditions: '', priority: 'medium', tags: [], steps: [] });
  });

  it('sends no custom_fields when the project has none', () => {
    expect(richBody(richContentOf(null), [], null)).not.toHaveProperty('custom_fields');
  });

  it("sends parameters on a new case only when it has some, and null to remove an edited case's", () => {
    const table = { columns: ['card'], rows: [['Visa']] };
    expect(richBody(richContentOf(null), [], null)).not.toHaveProperty('parameters');
    expect(richBody({ ...richContentOf(null), parameters: table }, [], null).parameters).toEqual(table);
    const testCase = caseDetailOf(4, { parameters: table });
    expect(richContentOf(testCase).parameters).toEqual(table);
    expect(richBody({ ...richContentOf(testCase), parameters: null }, [], testCase).parameters).toBeNull();
  });
});
