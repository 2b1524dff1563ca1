import { describe, expect, it } from 'vitest';
import { BLANK_WEBHOOK, createBodyOf, updateBodyOf, validateWebhook } from './webhook-form-values';

describe('webhook form values', () => {
  it('asks for an http(s) address, an event, and a secret of 16 to 200 characters when given', () => {
    expect(validateWebhook({ ...BLANK_WEBHOOK, url: ' ' }, true).url).toMatch(/Enter the address/);
    expect(validateWebhook({ ...BLANK_WEBHOOK, url: 'ftp://x' }, true).url).toMatch(/http:\/\//);
    expect(
      validateWebhook({ ...BLANK_WEBHOOK, url: 'https://ci.example.com/hook', events: [] }, true),
    ).toEqual({
      events: 'Choose at least one event',
    });
    expect(
      validateWebhook({ ...BLANK_WEBHOOK, url: 'https://x.io', secret: 'short' }, true).secret,
    ).toBeTruthy();
    expect(validateWebhook({ ...BLANK_WEBHOOK, url: 'https://x.io', secret: 'short' }, false)).toEqual({});
  });

  it('sends the events in catalogue order, failures only with result.recorded, and no empty secret', () => {
    const values = {
      ...BLANK_WEBHOOK,
      url: ' https://ci.example.com/hook ',
      events: ['case.changed', 'cycle.created'] as const,
      failuresOnly: true,
    };
    expect(createBodyOf({ ...values, events: [...values.events] })).toEqual({
      url: 'https://ci.example.com/hook',
      events: ['cycle.created', 'case.changed'],
      failures_only: false,
      format: 'json',
      active: true,
    });
    expect(updateBodyOf({ ...values, events: ['result.recorded'], secret: 'ignored-on-update-1' })).toEqual({
      url: 'https://ci.example.com/hook',
      events: ['result.recorded'],
      failures_only: true,
      format: 'json',
      active: true,
    });
    expect(createBodyOf({ ...BLANK_WEBHOOK, url: 'http://a.b', secret: ' 0123456789abcdef ' }).secret).toBe(
      '0123456789abcdef',
    );
  });
});
