import type { CaseField } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { BLANK_FIELD, bodyOf, defaultOf, defaultText, formValuesOf, optionLines } from './field-form-values';

describe('the custom field form', () => {
  it('sends options only for choice types, one a line, trimmed and each once', () => {
    expect(optionLines(' Chrome \n\nFirefox\nChrome\n')).toEqual(['Chrome', 'Firefox']);
    expect(bodyOf({ ...BLANK_FIELD, name: ' Browser ', type: 'select', options: 'a\nb' })).toEqual({
      name: 'Browser',
      type: 'select',
      required: false,
      options: ['a', 'b'],
      default: null,
    });
    expect(
      bodyOf({ ...BLANK_FIELD, name: 'Notes', type: 'textarea', options: 'ignored' }),
    ).not.toHaveProperty('options');
  });

  it('converts the default by type, and sends what does not convert as typed', () => {
    const of = (type: (typeof BLANK_FIELD)['type'], text: string) =>
      defaultOf({ ...BLANK_FIELD, type, default: text });
    expect(of('number', ' 2.5 ')).toBe(2.5);
    expect(of('number', 'three')).toBe('three');
    expect(of('checkbox', 'true')).toBe(true);
    expect(of('checkbox', 'false')).toBe(false);
    expect(of('multiselect', 'iOS, , Web')).toEqual(['iOS', 'Web']);
    expect(of('date', '2026-01-31')).toBe('2026-01-31');
    expect(of('text', '   ')).toBeNull();
  });

  it('fills the edit form from a field and shows its default as text', () => {
    const field: CaseField = {
      id: 1,
      project_id: 1,
      name: 'Platforms',
      type: 'multiselect',
      required: true,
      options: ['iOS', 'Web'],
      default: ['iOS', 'Web'],
      position: 0,
    };
    expect(formValuesOf(field)).toEqual({
      name: 'Platforms',
      type: 'multiselect',
      required: true,
      options: 'iOS\nWeb',
      default: 'iOS, Web',
    });
    expect(defaultText(field)).toBe('iOS, Web');
    expect(defaultText({ ...field, type: 'checkbox', default: false })).toBe('unchecked');
    expect(defaultText({ ...field, default: null })).toBe('');
  });
});
