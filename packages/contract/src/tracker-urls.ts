import { DEFECT_LIMITS, type TrackerKind } from './defects.ts';

/**
 * How a tracker's ids and addresses are read and written (docs/product/defects.md): one set of
 * rules for the server, which stores what a link shows, and the web app, which previews it.
 * Nothing here talks to a tracker: links and "File a bug" are plain addresses.
 */

/** The fields these rules read; a stored tracker has them all. */
export interface TrackerSettings {
  kind: TrackerKind;
  base_url: string;
  project: string;
  issue_type: string;
  link_template: string;
  new_issue_template: string;
}

export const JIRA_KEY = /^[A-Z][A-Z0-9_]+-\d+$/;
const NUMBER_ID = /^#?(\d{1,18})$/;

export const NO_TRACKER_FOR_ID =
  'This project has no issue tracker: paste the full address of the defect, or set the tracker on the project first';

/** A defect as a link stores it, or why the text is not one. */
export type ParsedDefect = { defect: string; url: string } | { error: string };

/** An http(s) address, or null. */
export function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The address of a defect id on the tracker. */
export function defectUrl(tracker: TrackerSettings, id: string): string {
  switch (tracker.kind) {
    case 'jira':
      return `${tracker.base_url}/browse/${encodeURIComponent(id)}`;
    case 'github':
      return `${tracker.base_url}/${tracker.project}/issues/${id.replace('#', '')}`;
    case 'gitlab':
      return `${tracker.base_url}/${tracker.project}/-/issues/${id.replace('#', '')}`;
    case 'url':
      return tracker.link_template.replaceAll('{id}', encodeURIComponent(id));
  }
}

/** An id written for the tracker's kind, as it is shown (PROJ-12, #12), or null. */
export function normalId(tracker: TrackerSettings, text: string): string | null {
  switch (tracker.kind) {
    case 'jira': {
      const key = text.toUpperCase();
      return JIRA_KEY.test(key) ? key : null;
    }
    case 'github':
    case 'gitlab': {
      const match = NUMBER_ID.exec(text);
      return match ? `#${match[1]!.replace(/^0+(?=\d)/, '')}` : null;
    }
    case 'url':
      return text.length <= DEFECT_LIMITS.idMax && ![...text].some((c) => c.charCodeAt(0) < 32) ? text : null;
  }
}

const ID_HINT: Record<TrackerKind, string> = {
  jira: 'a Jira key such as PROJ-12',
  github: 'an issue number such as #12',
  gitlab: 'an issue number such as #12',
  url: `an id of at most ${DEFECT_LIMITS.idMax} characters`,
};

/** The id an address of this tracker names, or null when it is some other address. */
export function idOfTrackerUrl(tracker: TrackerSettings, address: string): string | null {
  const strip = (prefix: string) =>
    address.toLowerCase().startsWith(prefix.toLowerCase()) ? address.slice(prefix.length) : null;
  const clean = (rest: string | null) => rest?.replace(/[?#].*$/, '').replace(/\/$/, '') ?? null;
  switch (tracker.kind) {
    case 'jira': {
      const rest = clean(strip(`${tracker.base_url}/browse/`));
      return rest === null ? null : normalId(tracker, decodeSafely(rest));
    }
    case 'github': {
      const rest = clean(strip(`${tracker.base_url}/${tracker.project}/issues/`));
      return rest !== null && /^\d+$/.test(rest) ? normalId(tracker, rest) : null;
    }
    case 'gitlab': {
      const rest = clean(strip(`${tracker.base_url}/${tracker.project}/-/issues/`));
      return rest !== null && /^\d+$/.test(rest) ? normalId(tracker, rest) : null;
    }
    case 'url': {
      const at = tracker.link_template.indexOf('{id}');
      const prefix = tracker.link_template.slice(0, at);
      const suffix = tracker.link_template.slice(at + '{id}'.length);
      if (!address.startsWith(prefix) || !address.endsWith(suffix)) return null;
      const middle = address.slice(prefix.length, address.length - suffix.length);
      if (middle === '' || middle.includes('/') || middle.includes('?')) return null;
      return normalId(tracker, decodeSafely(middle));
    }
  }
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Reads what a person typed: an address of the tracker becomes its id, any other http(s)
 * address is kept as it is (shown as itself), and an id is checked against the tracker's kind.
 */
export function parseDefect(tracker: TrackerSettings | null, input: string): ParsedDefect {
  const text = input.trim();
  if (text === '') return { error: 'Give a defect id or address' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    const url = httpUrl(text);
    if (!url) return { error: 'A defect address must start with http:// or https://' };
    const id = tracker ? idOfTrackerUrl(tracker, text) : null;
    return id ? { defect: id, url: defectUrl(tracker!, id) } : { defect: text, url: text };
  }
  if (!tracker) return { error: NO_TRACKER_FOR_ID };
  const id = normalId(tracker, text);
  return id ? { defect: id, url: defectUrl(tracker, id) } : { error: `Give ${ID_HINT[tracker.kind]}` };
}

/** A new issue's text, as "File a bug" sends it. */
export interface NewIssue {
  title: string;
  body: string;
}

/** The tracker's new-issue address with the title and body filled in; null for a url tracker without one. */
export function newIssueUrl(tracker: TrackerSettings, issue: NewIssue): string | null {
  const e = encodeURIComponent;
  switch (tracker.kind) {
    case 'github':
      return `${tracker.base_url}/${tracker.project}/issues/new?title=${e(issue.title)}&body=${e(issue.body)}`;
    case 'gitlab':
      return `${tracker.base_url}/${tracker.project}/-/issues/new?${e('issue[title]')}=${e(issue.title)}&${e('issue[description]')}=${e(issue.body)}`;
    case 'jira': {
      const params = [
        ...(tracker.project ? [`pid=${e(tracker.project)}`] : []),
        ...(tracker.issue_type ? [`issuetype=${e(tracker.issue_type)}`] : []),
        `summary=${e(issue.title)}`,
        `description=${e(issue.body)}`,
      ];
      return `${tracker.base_url}/secure/CreateIssueDetails!init.jspa?${params.join('&')}`;
    }
    case 'url':
      if (!tracker.new_issue_template) return null;
      return tracker.new_issue_template
        .replaceAll('{title}', e(issue.title))
        .replaceAll('{body}', e(issue.body));
  }
}
