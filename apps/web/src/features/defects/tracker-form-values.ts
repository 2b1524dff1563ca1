import { parseDefect, type Tracker, type TrackerBody, type TrackerKind } from '@verdict/contract';

/** The tracker form's values and its preview (docs/product/defects-screens.md, "Issue Tracker"). */

export interface TrackerFormValues {
  kind: TrackerKind;
  base_url: string;
  project: string;
  issue_type: string;
  link_template: string;
  new_issue_template: string;
}

export const KIND_LABELS: Record<TrackerKind, string> = {
  jira: 'Jira',
  github: 'GitHub',
  gitlab: 'GitLab',
  url: 'Another tracker (address template)',
};

/** What a kind's fields are called, and what a blank field means. */
export const KIND_FIELDS: Record<TrackerKind, readonly (keyof Omit<TrackerFormValues, 'kind'>)[]> = {
  jira: ['base_url', 'project', 'issue_type'],
  github: ['base_url', 'project'],
  gitlab: ['base_url', 'project'],
  url: ['link_template', 'new_issue_template'],
};

/** An id the preview links, per kind. */
export const EXAMPLE_IDS: Record<TrackerKind, string> = {
  jira: 'PROJ-12',
  github: '#12',
  gitlab: '#12',
  url: '12',
};

export const BLANK_TRACKER: TrackerFormValues = {
  kind: 'github',
  base_url: '',
  project: '',
  issue_type: '',
  link_template: '',
  new_issue_template: '',
};

export function formValuesOf(tracker: Tracker | null): TrackerFormValues {
  if (!tracker) return BLANK_TRACKER;
  const { kind, base_url, project, issue_type, link_template, new_issue_template } = tracker;
  return { kind, base_url, project, issue_type, link_template, new_issue_template };
}

/** Only the fields of the chosen kind are sent; the others stay in the form if the kind changes back. */
export function bodyOf(values: TrackerFormValues): TrackerBody {
  const body: TrackerBody = { kind: values.kind };
  for (const field of KIND_FIELDS[values.kind]) {
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  return body;
}

const DEFAULT_BASE: Partial<Record<TrackerKind, string>> = {
  github: 'https://github.com',
  gitlab: 'https://gitlab.com',
};

/**
 * The link an example id would get with these values, as the server would build it; null while
 * the values are not complete enough to say. The server still checks everything on save.
 */
export function previewLink(values: TrackerFormValues): { id: string; url: string } | null {
  const settings = {
    ...values,
    base_url: (values.base_url.trim() || DEFAULT_BASE[values.kind] || '').replace(/\/+$/, ''),
    project: values.project.trim().replace(/^\/+|\/+$/g, ''),
    link_template: values.link_template.trim(),
  };
  const ready =
    values.kind === 'url'
      ? settings.link_template.includes('{id}')
      : settings.base_url !== '' && (values.kind === 'jira' || settings.project.includes('/'));
  if (!ready) return null;
  const parsed = parseDefect(settings, EXAMPLE_IDS[values.kind]);
  return 'error' in parsed ? null : { id: parsed.defect, url: parsed.url };
}
