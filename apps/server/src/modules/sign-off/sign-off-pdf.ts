import { createRequire } from 'node:module';
import path from 'node:path';
import type { CycleCounts, SignOffReport } from '@verdict/contract';

/**
 * The sign-off report as a PDF (docs/product/milestones.md, "Sign-off report"), laid out by
 * pdfmake (decision 206) in the Roboto it ships: A4, tables whose header rows repeat on each page,
 * "Page 2 of 5" at the foot. Nothing is fetched: the report reads no address and no file but its
 * fonts.
 */

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);

type Pdfmake = typeof import('pdfmake').default;
let pdfmakeReady: Promise<Pdfmake> | null = null;

/** pdfmake, loaded and given its fonts at the first report, not at start (decision 256). */
function loadPdfmake(): Promise<Pdfmake> {
  pdfmakeReady ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.addFonts({
      Roboto: {
        normal: path.join(fontDir, 'Roboto-Regular.ttf'),
        bold: path.join(fontDir, 'Roboto-Medium.ttf'),
        italics: path.join(fontDir, 'Roboto-Italic.ttf'),
        bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
      },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
    return pdfmake;
  });
  return pdfmakeReady;
}

/** A long text cut for a table cell. */
const cut = (text: string | null | undefined, max: number) => {
  const value = (text ?? '').replace(/\s+/g, ' ').trim();
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};

/** A cycle's name with its configurations, unless the name already ends with them (a plan's cycles do). */
function cycleWithConfigurations(name: string, configurations: string[]): string {
  if (configurations.length === 0) return name;
  const suffix = `(${configurations.join(', ')})`;
  return name.endsWith(suffix) ? name : `${name} ${suffix}`;
}

/** Markdown read as plain text: strong and code marks dropped, a link as its text and address, headings bare. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, '$1 ($2)')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/(\*\*|__|`)/g, '');
}

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);

const COUNT_HEADERS = ['Total', 'Passed', 'Failed', 'Blocked', 'Skipped', 'Retest', 'Untested'];
const countCells = (c: CycleCounts) =>
  [c.total, c.passed, c.failed, c.blocked, c.skipped, c.retest, c.untested].map((n) => ({
    text: String(n),
    alignment: 'right',
  }));

const header = (cells: string[]) => cells.map((text) => ({ text, style: 'th' }));

function table(widths: (string | number)[], head: string[], rows: unknown[][], empty: string) {
  if (rows.length === 0) return { text: empty, style: 'muted', margin: [0, 0, 0, 8] };
  return {
    table: { headerRows: 1, dontBreakRows: true, widths, body: [header(head), ...rows] },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 10],
  };
}

/** 'at most 0 untested, pass rate at least 95% per configuration, no new CI failures, no open defects on failures'. */
function rulesText(rules: SignOffReport['readiness']['rules']): string {
  const parts: string[] = [];
  if (rules.max_untested !== null) parts.push(`at most ${rules.max_untested} untested`);
  if (rules.min_pass_rate !== null)
    parts.push(`pass rate at least ${rules.min_pass_rate}% per configuration`);
  if (rules.no_new_failures) parts.push('no new CI failures');
  if (rules.no_open_defects) parts.push('no open defects on failures');
  if (rules.max_unmet_requirements !== undefined && rules.max_unmet_requirements !== null) {
    parts.push(`at most ${rules.max_unmet_requirements} approved requirements not passing`);
  }
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** The report as a PDF document's bytes. */
export async function signOffPdf(report: SignOffReport): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  const m = report.milestone;
  const scope: string[] = [
    `Project: ${report.project.name}`,
    `State: ${m.state === 'completed' ? 'Completed' : 'Open'}`,
    `Start: ${m.start_date ?? '–'}    Due: ${m.due_date ?? '–'}`,
  ];
  if (m.branch) scope.push(`CI branch: ${m.branch}`);
  if (report.sub_milestones.length > 0) {
    scope.push(`Sub-milestones: ${report.sub_milestones.map((s) => s.name).join(', ')}`);
  }
  scope.push(`Test cycles: ${m.cycles}`);

  const planRows = report.plans.flatMap((plan) => [
    [{ text: plan.name, bold: true }, '', ...countCells(plan.totals)],
    ...plan.cycles.map((cycle) => [
      { text: cut(cycle.name, 120), margin: [8, 0, 0, 0] },
      cut(cycle.configurations.map((c) => c.name).join(', '), 80),
      ...countCells(cycle.counts),
    ]),
  ]);
  const configurationRows = report.configurations.map((row) => [
    cut(row.label, 120),
    { text: String(row.cycles), alignment: 'right' },
    ...countCells(row.counts),
    { text: percent(row.pass_rate), alignment: 'right' },
  ]);
  const failureRows = report.failures.map((f) => [
    cut(f.case_name, 120),
    cut(cycleWithConfigurations(f.cycle_name, f.configurations), 120),
    cut(f.message, 300),
    cut(f.defects.map((d) => d.defect).join(', '), 120),
    cut(f.recorded_by ?? '', 40),
  ]);
  const testerRows = report.testers.map((t) => [
    t.username ?? (t.user_id === null ? 'Imports' : `Deleted user #${t.user_id}`),
    ...[t.results, t.passed, t.failed, t.blocked, t.skipped, t.retest, t.cycles].map((n) => ({
      text: String(n),
      alignment: 'right',
    })),
  ]);
  const shown =
    report.failure_count > report.failures.length
      ? `Failures (the first ${report.failures.length} of ${report.failure_count})`
      : `Failures (${report.failure_count})`;

  const content: unknown[] = [
    { text: `Sign-off report: ${m.name}`, style: 'h1' },
    {
      text: `Made ${report.generated_at.replace('T', ' ').slice(0, 16)} UTC`,
      style: 'muted',
      margin: [0, 0, 0, 10],
    },
    { text: 'Scope', style: 'h2' },
    { ul: scope, margin: [0, 0, 0, 6] },
  ];
  if (m.description.trim()) content.push({ text: cut(plainText(m.description), 3000), margin: [0, 0, 0, 8] });
  const readiness = report.readiness;
  content.push(
    { text: 'Readiness', style: 'h2' },
    {
      text: readiness.ready ? 'Ready: every rule is met.' : 'Not ready.',
      bold: true,
      color: readiness.ready ? '#1b5e20' : '#b71c1c',
      margin: [0, 0, 0, 4],
    },
    {
      text: `Rules: ${rulesText(readiness.rules)}${readiness.rules_set ? '' : ' (the default rules)'}.`,
      margin: [0, 0, 0, 4],
    },
  );
  if (readiness.reasons.length > 0) {
    content.push({ ul: readiness.reasons.map((reason) => cut(reason.message, 400)), margin: [0, 0, 0, 4] });
  }
  if (readiness.notes.length > 0) {
    content.push(
      { text: 'Noted, not counted against it:', style: 'muted' },
      { ul: readiness.notes.map((note) => cut(note.message, 400)), style: 'muted', margin: [0, 0, 0, 4] },
    );
  }
  content.push(
    { text: 'Progress', style: 'h2' },
    {
      text: `${m.counts.total} items: ${m.counts.passed} passed, ${m.counts.failed} failed, ${m.counts.blocked} blocked, ${m.counts.skipped} skipped, ${m.counts.retest} retest, ${m.counts.untested} untested.`,
      margin: [0, 0, 0, 6],
    },
    { text: 'By test plan', style: 'h3' },
    table(
      ['*', 90, 34, 34, 34, 34, 34, 34, 38],
      ['Plan and test cycle', 'Configurations', ...COUNT_HEADERS],
      planRows,
      'No test cycles.',
    ),
    { text: 'By configuration', style: 'h3' },
    table(
      ['*', 34, 34, 34, 34, 34, 34, 34, 38, 40],
      ['Configuration', 'Cycles', ...COUNT_HEADERS, 'Pass rate'],
      configurationRows,
      'No test cycles.',
    ),
    { text: shown, style: 'h2' },
    table(
      ['*', '*', '*', 70, 55],
      ['Case', 'Test cycle', 'Message', 'Defects', 'Recorded by'],
      failureRows,
      'No failures.',
    ),
    { text: 'Who tested what', style: 'h2' },
    table(
      ['*', 40, 40, 40, 40, 40, 40, 40],
      ['Tester', 'Results', 'Passed', 'Failed', 'Blocked', 'Skipped', 'Retest', 'Cycles'],
      testerRows,
      'No results recorded.',
    ),
  );

  return pdfmake
    .createPdf({
      info: { title: `Sign-off report: ${m.name}`, subject: report.project.name, creator: 'Verdict' },
      pageSize: 'A4',
      pageMargins: [36, 40, 36, 44],
      defaultStyle: { font: 'Roboto', fontSize: 8.5 },
      styles: {
        h1: { fontSize: 16, bold: true, margin: [0, 0, 0, 2] },
        h2: { fontSize: 12, bold: true, margin: [0, 8, 0, 4] },
        h3: { fontSize: 10, bold: true, margin: [0, 4, 0, 3] },
        th: { bold: true },
        muted: { color: '#555555' },
      },
      footer: (page: number, pages: number) => ({
        text: `${m.name} · Page ${page} of ${pages}`,
        alignment: 'center',
        fontSize: 8,
        color: '#555555',
        margin: [0, 16, 0, 0],
      }),
      content,
    })
    .getBuffer();
}
