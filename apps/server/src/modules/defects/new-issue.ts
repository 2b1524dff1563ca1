import { DEFECT_LIMITS, type NewIssue, newIssueUrl, type TrackerSettings } from '@verdict/contract';
import type { ResultReport } from './defects-repository.ts';

/**
 * The text of "File a bug" (docs/product/defects.md, "File a bug"): a title, then steps, expected
 * result, actual result, environment and a link back to the item. Markdown for GitHub, GitLab and
 * url trackers; Jira's wiki markup for Jira. When the address would pass DEFECT_LIMITS.newIssueUrlMax
 * the long parts are cut shorter and shorter, each saying so, while the link back always stays.
 */

interface Section {
  heading: string;
  /** Lines of the section; a cut shortens each line and says so once. */
  lines: string[];
}

const CUT_NOTE = '(cut to fit the address; the link back shows it all)';
/** Each try: the most characters a line keeps and the most lines a section keeps. */
const CAPS: [number, number][] = [
  [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  [2000, 100],
  [1000, 50],
  [500, 30],
  [250, 20],
  [120, 10],
  [60, 5],
  [20, 3],
];

function cut(text: string, cap: number): string {
  return text.length <= cap ? text : `${text.slice(0, cap).trimEnd()}…`;
}

function sections(report: ResultReport, jira: boolean): Section[] {
  const results = report.step_results ?? [];
  const steps = report.steps.map((step, i) => {
    const recorded = results[i];
    const said = recorded ? ` [${recorded.state}${recorded.comment ? `: ${recorded.comment}` : ''}]` : '';
    const expected = step.expected ? ` — expected: ${step.expected}` : '';
    return `${jira ? '#' : `${i + 1}.`} ${step.action || '(no action)'}${expected}${said}`;
  });
  const expected = report.steps.map((s) => s.expected).filter((text) => text.trim() !== '');
  const actual = [
    report.comment ?? '',
    report.failure_type && report.failure_message
      ? `${report.failure_type}: ${report.failure_message}`
      : (report.failure_message ?? ''),
    ...results.flatMap((r, i) => (r?.state === 'failed' && r.comment ? [`Step ${i + 1}: ${r.comment}`] : [])),
  ].filter((text) => text.trim() !== '');
  const facts: [string, string | null][] = [
    ['Cycle', report.cycle_name],
    ['Environment', report.environment],
    ['Milestone', report.milestone],
    ['Branch', report.branch],
    ['Commit', report.commit],
    [
      'Build',
      [report.build_number && `#${report.build_number}`, report.build_url].filter(Boolean).join(' ') || null,
    ],
  ];
  return [
    ...(report.preconditions ? [{ heading: 'Preconditions', lines: [report.preconditions] }] : []),
    { heading: 'Steps', lines: steps.length > 0 ? steps : ['(the case has no steps)'] },
    {
      heading: 'Expected result',
      lines: expected.length > 0 ? expected : [report.description || '(not written in the case)'],
    },
    { heading: 'Actual result', lines: actual.length > 0 ? actual : [`The result was ${report.state}.`] },
    {
      heading: 'Environment',
      lines: facts.flatMap(([name, value]) => (value ? [`${jira ? '*' : '-'} ${name}: ${value}`] : [])),
    },
  ];
}

function render(parts: Section[], link: string, jira: boolean, [cap, most]: [number, number]): string {
  const heading = (text: string) => (jira ? `h3. ${text}` : `### ${text}`);
  const blocks = parts.map((part) => {
    const lines = part.lines.slice(0, most).map((line) => cut(line, cap));
    const left = part.lines.length - lines.length;
    const wasCut = left > 0 || part.lines.some((line) => line.length > cap);
    const more = left > 0 ? [`… and ${left} more`] : [];
    return [heading(part.heading), ...lines, ...more, ...(wasCut ? [CUT_NOTE] : [])].join('\n');
  });
  const back = jira ? `[Open the result in Verdict|${link}]` : `[Open the result in Verdict](${link})`;
  return [...blocks, `${heading('Link')}\n${back}`].join('\n\n');
}

/** The tracker's new-issue address for a result, or null when the tracker has none. */
export function newIssueFor(tracker: TrackerSettings, report: ResultReport, link: string): string | null {
  const jira = tracker.kind === 'jira';
  const state = report.state[0]!.toUpperCase() + report.state.slice(1);
  const title = cut(`${state}: ${report.case_name}`, 250);
  const parts = sections(report, jira);
  let url: string | null = null;
  for (const caps of CAPS) {
    const issue: NewIssue = { title, body: render(parts, link, jira, caps) };
    url = newIssueUrl(tracker, issue);
    if (url === null || url.length <= DEFECT_LIMITS.newIssueUrlMax) return url;
  }
  // Even the shortest text is too long (a very long case name or address): keep only the link back.
  return newIssueUrl(tracker, { title: cut(title, 80), body: render([], link, jira, [0, 0]) });
}
