import { parseDefect } from '@verdict/contract';
import { describe, expect, it } from 'vitest';
import { BLANK_TRACKER, bodyOf, previewLink } from './tracker-form-values';

describe('the tracker form', () => {
  it('sends only the fields of the chosen kind, trimmed, leaving blanks out', () => {
    const values = { ...BLANK_TRACKER, kind: 'github' as const, project: ' acme/shop ', issue_type: '7' };
    expect(bodyOf(values)).toEqual({ kind: 'github', project: 'acme/shop' });
    expect(
      bodyOf({ ...values, kind: 'jira', base_url: 'https://acme.atlassian.net', project: '10001' }),
    ).toEqual({ kind: 'jira', base_url: 'https://acme.atlassian.net', project: '10001', issue_type: '7' });
  });

  it('previews an example link for each kind once the values allow it', () => {
    expect(previewLink({ ...BLANK_TRACKER, kind: 'github', project: 'acme/shop' })).toEqual({
      id: '#12',
      url: 'https://github.com/acme/shop/issues/12',
    });
    expect(
      previewLink({
        ...BLANK_TRACKER,
        kind: 'gitlab',
        base_url: 'https://git.example.com/',
        project: 'web/shop',
      }),
    ).toEqual({ id: '#12', url: 'https://git.example.com/web/shop/-/issues/12' });
    expect(previewLink({ ...BLANK_TRACKER, kind: 'jira', base_url: 'https://acme.atlassian.net' })).toEqual({
      id: 'PROJ-12',
      url: 'https://acme.atlassian.net/browse/PROJ-12',
    });
    expect(
      previewLink({ ...BLANK_TRACKER, kind: 'url', link_template: 'https://bugs.example.com/b/{id}' }),
    ).toEqual({ id: '12', url: 'https://bugs.example.com/b/12' });
    expect(previewLink({ ...BLANK_TRACKER, kind: 'github', project: 'shop' })).toBeNull();
    expect(
      previewLink({ ...BLANK_TRACKER, kind: 'url', link_template: 'https://bugs.example.com/' }),
    ).toBeNull();
  });
});

describe('reading a defect (the rules the server stores links by)', () => {
  const github = {
    ...BLANK_TRACKER,
    kind: 'github' as const,
    base_url: 'https://github.com',
    project: 'acme/shop',
  };
  const jira = { ...BLANK_TRACKER, kind: 'jira' as const, base_url: 'https://acme.atlassian.net' };

  it('reads ids for the kind and addresses of the tracker back to ids', () => {
    expect(parseDefect(github, '012')).toEqual({
      defect: '#12',
      url: 'https://github.com/acme/shop/issues/12',
    });
    expect(parseDefect(github, 'https://github.com/acme/shop/issues/7?x=1')).toMatchObject({ defect: '#7' });
    expect(parseDefect(jira, 'proj-3')).toEqual({
      defect: 'PROJ-3',
      url: 'https://acme.atlassian.net/browse/PROJ-3',
    });
    expect(parseDefect(jira, 'https://acme.atlassian.net/browse/PROJ-4')).toMatchObject({ defect: 'PROJ-4' });
  });

  it('keeps other addresses as they are and refuses what it cannot read', () => {
    expect(parseDefect(github, 'https://example.org/x')).toEqual({
      defect: 'https://example.org/x',
      url: 'https://example.org/x',
    });
    expect(parseDefect(null, '12')).toHaveProperty('error');
    expect(parseDefect(jira, '12')).toHaveProperty('error');
    expect(parseDefect(github, 'javascript://alert(1)')).toHaveProperty('error');
  });
});
