import { httpUrl, type TrackerBody, type TrackerSettings } from '@verdict/contract';
import { BadRequestError } from '../../lib/errors.ts';

/**
 * A tracker setting as sent, checked for its kind and made canonical (docs/product/defects.md,
 * "The tracker"): addresses without a trailing slash, and '' for every field the kind does not use.
 */

const DEFAULT_BASE = { github: 'https://github.com', gitlab: 'https://gitlab.com' } as const;
const GITHUB_REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
const GITLAB_PATH = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/;
const NUMERIC = /^\d{1,18}$/;

function invalid(field: keyof TrackerBody, message: string): never {
  throw new BadRequestError(message, [{ field, message }]);
}

/** An http(s) base address without query, fragment, credentials or trailing slash. */
function baseUrl(text: string, httpsOnly: boolean): string {
  const url = httpUrl(text);
  if (!url || url.search || url.hash || url.username || url.password) {
    invalid('base_url', 'Give the base address as http(s)://host[/path], without a query');
  }
  if (httpsOnly && url.protocol !== 'https:') invalid('base_url', 'A Jira address must start with https://');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function template(field: 'link_template' | 'new_issue_template', text: string): string {
  const probe = text.replace(/\{(id|title|body)\}/g, 'x');
  if (!httpUrl(probe)) invalid(field, 'The template must be an http:// or https:// address');
  return text;
}

export function checkedTracker(body: TrackerBody): TrackerSettings {
  const none = { base_url: '', project: '', issue_type: '', link_template: '', new_issue_template: '' };
  const project = body.project?.trim() ?? '';
  switch (body.kind) {
    case 'jira': {
      if (!body.base_url?.trim()) invalid('base_url', 'Give the address of your Jira site');
      const issueType = body.issue_type?.trim() ?? '';
      if (project && !NUMERIC.test(project)) invalid('project', 'The Jira project id is a number (pid)');
      if (issueType && !NUMERIC.test(issueType)) invalid('issue_type', 'The Jira issue type id is a number');
      return {
        ...none,
        kind: 'jira',
        base_url: baseUrl(body.base_url, true),
        project,
        issue_type: issueType,
      };
    }
    case 'github':
    case 'gitlab': {
      const github = body.kind === 'github';
      const clean = project.replace(/^\/+|\/+$/g, '');
      if (!(github ? GITHUB_REPO : GITLAB_PATH).test(clean)) {
        invalid(
          'project',
          github ? 'Give the repository as owner/repo' : 'Give the project path as group/project',
        );
      }
      const base = body.base_url?.trim() || DEFAULT_BASE[body.kind];
      return { ...none, kind: body.kind, base_url: baseUrl(base, false), project: clean };
    }
    case 'url': {
      const link = body.link_template?.trim() ?? '';
      if (!link.includes('{id}')) invalid('link_template', 'The link template must contain {id}');
      const next = body.new_issue_template?.trim() ?? '';
      if (next && !next.includes('{title}') && !next.includes('{body}')) {
        invalid('new_issue_template', 'The new-issue template must contain {title} or {body}');
      }
      return {
        ...none,
        kind: 'url',
        link_template: template('link_template', link),
        new_issue_template: next ? template('new_issue_template', next) : '',
      };
    }
  }
}
