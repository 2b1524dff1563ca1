#!/usr/bin/env node
// verdict-import: uploads test reports to a Verdict project. One file on Node 20+, the typed API
// client (@verdict/client) and yazl (to zip an Allure results directory), so a CI job can run it
// with npx.
import { appendFileSync, openAsBlob, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createVerdictClient } from '@verdict/client';
import { ciFacts } from '@verdict/client/ci-facts';
import yazl from 'yazl';

const VERSION = '0.1.0';
const USAGE = `Usage: verdict-import --url URL --token TOKEN --project ID [options] REPORT...
       verdict-import readiness --milestone ID --url URL --token TOKEN [--json] [--summary-file F]

Uploads JUnit XML reports to a Verdict project: each <testsuite> becomes a suite, each
<testcase> a case (created when missing) with one run (passed or failed); skipped tests record
no run. Each report also becomes a test cycle holding every test case with its duration and
failure, named by --name (else the report's name and the time) and carrying the CI facts below,
which are read from GitHub Actions, GitLab CI, Jenkins and CircleCI when not given.
A REPORT may be a directory: its *.xml files are uploaded.

Other formats go to the results import, which detects the format or takes --format: TRX,
NUnit 3, TestNG and xUnit.net v2 XML, Playwright and Cucumber JSON, and Allure results. Without
--format, *.xml files go to the JUnit import as above, and other files (*.json, *.trx, *.zip) to
the results import; a directory holding *-result.json files is an Allure results directory,
zipped and uploaded as one report.

Evidence: the files a report names for its tests (Playwright attachments, JUnit
[[ATTACHMENT|path]] lines, Allure attachments, Cucumber embeddings) become files of their
results. Those the report carries the server stores; those it names by a path on this machine
are uploaded after the import (a relative path is read against the report's folder). A file
missing, too large or past the project's quota is a line of the summary, never a failure: the
exit status stays that of the import and the gate.

Options:
  --url URL          Verdict address, e.g. https://verdict.example.com  (or VERDICT_URL)
  --token TOKEN      a personal API token (or VERDICT_TOKEN; in CI prefer the variable)
  --project ID       the project id, as in /projects/ID                  (or VERDICT_PROJECT)
  --format FORMAT    the reports' format: junit, playwright, cucumber, trx, nunit, testng,
                     xunit or allure (a directory of Allure results, or its zip)
  --name NAME        the test cycle's name
  --branch NAME      the branch built            (detected in CI)
  --commit SHA       the commit built            (detected in CI)
  --build-url URL    a link to the CI build      (detected in CI)
  --build-number N   the CI build's number       (detected in CI)
  --no-gzip          send the reports uncompressed
  --timeout SECONDS  give up on one report after this long (default 300)
  --json             print the server's answers as JSON lines instead of text
  --gate [new]       fail (exit 1) when a failure is new or still failing and neither flaky
                     nor quarantined; with "new", only when one is new
  --summary-file F   write a Markdown summary of the failures to F (also appended to
                     $GITHUB_STEP_SUMMARY when that is set)
  -h, --help         show this help
  -v, --version      show the version

Every import sorts its failures against the previous import on the same branch (a new
branch: the latest on main or master): new, still failing, flaky, quarantined; and lists the
cases it fixed.

Exit status: 0 when every report was imported (and, with --gate, the gate passed), 1 when any
failed to import or the gate failed, 2 for a usage error.

verdict-import readiness asks whether a milestone meets its readiness rules (untested items,
pass rate per configuration, failures in the latest import of its branch, defects linked to
failures) and prints a Markdown summary: READY or NOT READY, each reason with its link. It
takes --url and --token as above, --json (print the server's answer), --summary-file F (also
appended to $GITHUB_STEP_SUMMARY when that is set). Exit status: 0 ready, 1 not ready (or the
server could not be asked), 2 for a usage error.`;

class UsageError extends Error {}

const err = (line) => process.stderr.write(`${line}\n`);
const out = (line) => process.stdout.write(`${line}\n`);

function formatBytes(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

const plural = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `--gate` takes an optional mode: `--gate new`, `--gate all`, or `--gate` alone (all). */
function withGateMode(argv) {
  const args = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--gate') args.push(argv[i]);
    else if (argv[i + 1] === 'new' || argv[i + 1] === 'all') args.push(`--gate=${argv[++i]}`);
    else args.push('--gate=all');
  }
  return args;
}

function parseOptions(argv, env) {
  const { values, positionals } = parseArgs({
    args: withGateMode(argv),
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      project: { type: 'string' },
      'no-gzip': { type: 'boolean', default: false },
      format: { type: 'string' },
      name: { type: 'string' },
      branch: { type: 'string' },
      commit: { type: 'string' },
      'build-url': { type: 'string' },
      'build-number': { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'boolean', default: false },
      gate: { type: 'string' },
      'summary-file': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  if (values.help || values.version) return { help: values.help, version: values.version };

  const url = values.url ?? env.VERDICT_URL;
  const token = values.token ?? env.VERDICT_TOKEN;
  const project = values.project ?? env.VERDICT_PROJECT;
  if (!url) throw new UsageError('--url (or VERDICT_URL) is required');
  if (!token) throw new UsageError('--token (or VERDICT_TOKEN) is required');
  if (!project) throw new UsageError('--project (or VERDICT_PROJECT) is required');
  if (!/^[1-9]\d{0,9}$/.test(project))
    throw new UsageError(`--project must be a project id, a positive whole number (got "${project}")`);
  let base;
  try {
    base = new URL(url.endsWith('/') ? url : `${url}/`);
  } catch {
    throw new UsageError(`--url is not a valid address: "${url}"`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new UsageError('--url must start with http:// or https://');
  const timeout = Number(values.timeout ?? 300);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError('--timeout must be a positive number of seconds');
  if (positionals.length === 0) throw new UsageError('name at least one report file');
  if (values.gate !== undefined && values.gate !== 'all' && values.gate !== 'new')
    throw new UsageError(`--gate takes "new" or nothing (got "${values.gate}")`);
  const format = values.format ?? null;
  if (format !== null && !FORMATS.includes(format))
    throw new UsageError(`--format takes one of ${FORMATS.join(', ')} (got "${format}")`);

  const detected = ciFacts(env);
  const facts = {
    name: values.name,
    branch: values.branch ?? detected.branch,
    commit: values.commit ?? detected.commit,
    build_url: values['build-url'] ?? detected.build_url,
    build_number: values['build-number'] ?? detected.build_number,
  };

  return {
    client: createVerdictClient({ baseUrl: base.href, token }),
    project: Number(project),
    facts: Object.fromEntries(Object.entries(facts).filter(([, value]) => value)),
    format,
    files: positionals.flatMap((target) => expandReport(target, format)),
    gzip: !values['no-gzip'],
    timeoutMs: timeout * 1000,
    json: values.json,
    gate: values.gate ?? null,
    summaryFile: values['summary-file'] ?? null,
    stepSummary: env.GITHUB_STEP_SUMMARY || null,
    origin: base,
  };
}

/** The formats of the results import (docs/product/report-formats.md). */
const FORMATS = ['junit', 'playwright', 'cucumber', 'trx', 'nunit', 'testng', 'xunit', 'allure'];
/** The files a directory stands for, by format: JSON reports, TRX files, XML reports. */
const EXTENSIONS = { playwright: ['.json'], cucumber: ['.json'], trx: ['.trx', '.xml'] };
const isAllureResults = (dir) => readdirSync(dir).some((name) => name.endsWith('-result.json'));

/**
 * A directory stands for the reports directly in it (*.xml, or those of --format), or, when it
 * holds Allure results (or --format is allure), for itself: it is zipped and sent as one report.
 */
function expandReport(target, format) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    throw new UsageError(`no such report: ${target}`);
  }
  if (!stats.isDirectory()) return [target];
  if (format === 'allure' || (format === null && isAllureResults(target))) return [target];
  const extensions = EXTENSIONS[format] ?? ['.xml'];
  const files = readdirSync(target)
    .filter((name) => extensions.some((extension) => name.toLowerCase().endsWith(extension)))
    .sort()
    .map((name) => path.join(target, name));
  if (files.length === 0)
    throw new UsageError(
      `no ${extensions.map((e) => `*${e}`).join(' or ')} report in the directory ${target}`,
    );
  return files;
}

/** The files directly in a directory (Allure writes its results flat) as a zip archive. */
async function zipOfDirectory(dir) {
  const zip = new yazl.ZipFile();
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) zip.addBuffer(readFileSync(file), name);
  }
  zip.end();
  const chunks = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Where a report goes and as what: a *.xml file without --format to the JUnit import, as it
 * always has; anything else to the results import, with --format when given.
 */
function destinationOf(file, format) {
  const name = file.toLowerCase();
  const directory = statSync(file).isDirectory();
  const zip = directory || name.endsWith('.zip') || format === 'allure';
  const json = name.endsWith('.json') || format === 'playwright' || format === 'cucumber';
  return {
    route:
      format === null && name.endsWith('.xml')
        ? '/api/projects/{id}/import/junit'
        : '/api/projects/{id}/import/results',
    contentType: zip ? 'application/zip' : json ? 'application/json' : 'application/xml',
    directory,
    format,
  };
}

/** Progress on stderr: one line rewritten in place on a terminal, start and end lines in CI logs. */
function progressLine(label) {
  const tty = Boolean(process.stderr.isTTY);
  let last = -1;
  return {
    start(text) {
      if (tty) process.stderr.write(`\r\x1b[K${label} ${text}`);
      else err(`${label} ${text}`);
    },
    update(sent, total) {
      const percent = total === 0 ? 100 : Math.floor((sent / total) * 100);
      if (!tty || percent === last) return;
      last = percent;
      process.stderr.write(`\r\x1b[K${label} uploading ${percent}% of ${formatBytes(total)}`);
      if (sent >= total) process.stderr.write(`\r\x1b[K${label} uploaded; the server is importing…`);
    },
    end(text) {
      if (tty) process.stderr.write(`\r\x1b[K${label} ${text}\n`);
      else err(`${label} ${text}`);
    },
  };
}

/** The body as a stream read in slices, so the progress follows what the socket takes. */
function streamed(bytes, onProgress) {
  const slice = 64 * 1024;
  let offset = 0;
  return new ReadableStream(
    {
      pull(controller) {
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        const end = Math.min(offset + slice, bytes.length);
        controller.enqueue(bytes.subarray(offset, end));
        offset = end;
        onProgress(offset);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Sends the files an import's answer lists (evidence_uploads) to their results, one file per
 * request so one refused file keeps the others. Never throws: each file it could not send is a line.
 */
async function uploadEvidence(options, file, answer) {
  const uploads = answer.evidence_uploads ?? [];
  const base = statSync(file).isDirectory() ? file : path.dirname(file);
  const skipped = [];
  let uploaded = 0;
  for (const item of uploads) {
    const where = path.resolve(base, item.path);
    let blob;
    try {
      if (!statSync(where).isFile()) throw new Error('not a file');
      blob = await openAsBlob(where, { type: item.content_type });
    } catch {
      skipped.push(`${item.name}: no file at ${where}`);
      continue;
    }
    const form = new FormData();
    form.append('file', blob, item.name);
    try {
      const result = await options.client.POST('/api/cycle-results/{id}/evidence', {
        params: { path: { id: item.result_id } },
        headers: { accept: 'application/json' },
        body: form,
        bodySerializer: (body) => body,
        parseAs: 'text',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const { failure } = answerOf(result, (a) => Array.isArray(a?.attachments));
      if (failure) skipped.push(`${item.name} (${formatBytes(blob.size)}): ${failure}`);
      else uploaded += 1;
    } catch (error) {
      skipped.push(`${item.name} (${formatBytes(blob.size)}): not sent (${unreachable(error, options)})`);
    }
  }
  const server = answer.summary.evidence ?? { attached: 0, skipped: [] };
  return { attached: server.attached, uploaded, skipped: [...server.skipped, ...skipped] };
}

/** 'evidence: 2 files attached (1 carried by the report, 1 uploaded), 1 skipped'. */
function evidenceLine(evidence) {
  const attached = evidence.attached + evidence.uploaded;
  const skipped = evidence.skipped.length > 0 ? `, ${evidence.skipped.length} skipped` : '';
  return `evidence: ${plural(attached, 'file')} attached (${evidence.attached} carried by the report, ${evidence.uploaded} uploaded)${skipped}`;
}

function summaryLine(file, answer) {
  const s = answer.summary;
  if (s.runsRecorded === 0) return `${file}: ${answer.message}`;
  const errors = s.errors > 0 ? `, ${plural(s.errors, 'error')} among the failures` : '';
  const skipped = s.skipped > 0 ? `; ${s.skipped} skipped` : '';
  const created =
    s.suitesCreated + s.casesCreated > 0
      ? `; created ${plural(s.suitesCreated, 'suite')} and ${plural(s.casesCreated, 'case')}`
      : '';
  const cycle = answer.cycle ? `; test cycle "${answer.cycle.name}"` : '';
  return `${file}: recorded ${plural(s.runsRecorded, 'result')} in "${answer.project.name}" (${s.passed} passed, ${s.failed} failed${errors})${skipped}${created}${cycle}`;
}

const GROUPS = [
  ['new', 'new'],
  ['still_failing', 'still failing'],
  ['flaky', 'flaky'],
  ['quarantined', 'quarantined'],
  ['fixed', 'fixed'],
];

/** 'gate: 2 new, 1 still failing, 0 flaky, 0 quarantined, 3 fixed (against "Nightly 41")'. */
function gateLine(gate) {
  const counts = GROUPS.map(([key, words]) => `${gate.counts[key]} ${words}`).join(', ');
  const against = gate.compared_with ? ` (against "${gate.compared_with.name}")` : ' (the first import here)';
  return `gate: ${counts}${against}`;
}

/** Whether the gate fails an import in this mode ('all' or 'new'). */
const gateFails = (gate, mode) => (mode === 'new' ? gate.fails_new : gate.fails);

/** The Markdown summary of the imports (for a pull request's checks page). */
function markdownSummary(results, options) {
  const link = (pathname) => new URL(pathname.replace(/^\//, ''), options.origin).href;
  const md = (text) => String(text).replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
  const lines = ['## Verdict test results', ''];
  for (const { file, answer } of results) {
    const s = answer.summary;
    const cycle = answer.cycle
      ? `[${md(answer.cycle.name)}](${link(`/cycles/${answer.cycle.id}`)})`
      : md(file);
    lines.push(`### ${cycle}`, '', `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped.`, '');
    const evidence = answer.evidence_result;
    if (evidence) {
      lines.push(`${evidenceLine(evidence).replace(/^evidence: /, 'Evidence: ')}.`, '');
      for (const line of evidence.skipped) lines.push(`- ${md(line)}`);
      if (evidence.skipped.length > 0) lines.push('');
    }
    const gate = answer.gate;
    if (!gate) continue;
    lines.push(`${gateLine(gate).replace(/^gate: /, 'Failures: ')}.`, '');
    for (const [key, words] of GROUPS) {
      const cases = gate[key];
      if (cases.length === 0) continue;
      lines.push(`**${words[0].toUpperCase()}${words.slice(1)}** (${gate.counts[key]})`, '');
      for (const c of cases) {
        const message = c.failure_message ? `: ${md(c.failure_message.split('\n')[0].slice(0, 200))}` : '';
        lines.push(`- [${md(c.name)}](${link(`/cases/${c.id}`)})${message}`);
      }
      if (gate.counts[key] > cases.length) lines.push(`- … and ${gate.counts[key] - cases.length} more`);
      lines.push('');
    }
  }
  return `${lines.join('\n')}\n`;
}

async function upload(options, file, label) {
  const progress = progressLine(label);
  const to = destinationOf(file, options.format);
  const raw = to.directory ? await zipOfDirectory(file) : readFileSync(file);
  // A zip is compressed already.
  const gzip = options.gzip && to.contentType !== 'application/zip';
  const body = gzip ? gzipSync(raw) : raw;
  const size = gzip
    ? `${formatBytes(raw.length)}, ${formatBytes(body.length)} gzipped`
    : formatBytes(raw.length);
  const what = to.directory ? `${file} (zipped, ${size})` : `${file} (${size})`;
  progress.start(`uploading ${what} to ${options.origin.origin}`);
  const started = Date.now();
  const query = to.format ? { ...options.facts, format: to.format } : options.facts;
  let result;
  try {
    result = await options.client.POST(to.route, {
      params: { path: { id: options.project }, query },
      headers: {
        'content-type': to.contentType,
        accept: 'application/json',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      // The report goes as it is, read in slices as the socket takes them (not as JSON).
      body: streamed(body, (sent) => progress.update(sent, body.length)),
      bodySerializer: (stream) => stream,
      duplex: 'half',
      parseAs: 'text',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    progress.end(`failed: could not reach ${options.origin.origin} (${unreachable(error, options)})`);
    return null;
  }
  const { answer, failure } = answerOf(result, (a) => Boolean(a?.summary));
  if (failure) {
    progress.end(`failed: ${failure}`);
    return null;
  }
  progress.end(`imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const warning of answer.summary.warnings ?? []) err(`${label} warning: ${warning}`);
  return answer;
}

/** Why a call got no answer: the network's reason, or the time it waited. */
function unreachable(error, options) {
  if (error?.name === 'TimeoutError') return `no answer within ${options.timeoutMs / 1000} s`;
  return error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
}

/**
 * The server's answer to a call made with `parseAs: 'text'` when it is what `expected` says, else
 * the failure to report: 'HTTP 403: …' with the server's message, or the start of its text.
 */
function answerOf({ data, error, response }, expected) {
  // The client answers a success as text (parseAs) and a failure as JSON when it parses as such.
  let answer = response.ok ? data : error;
  if (typeof answer === 'string') {
    try {
      answer = JSON.parse(answer);
    } catch {}
  }
  if (response.ok && expected(answer)) return { answer };
  const text = typeof answer === 'string' ? answer : (JSON.stringify(answer) ?? '');
  const message =
    typeof answer?.message === 'string' ? answer.message : text.slice(0, 200) || response.statusText;
  return { failure: `HTTP ${response.status}: ${message}` };
}

/** The URL and token shared by both commands, checked the same way. */
function serverOptions(values, env) {
  const url = values.url ?? env.VERDICT_URL;
  const token = values.token ?? env.VERDICT_TOKEN;
  if (!url) throw new UsageError('--url (or VERDICT_URL) is required');
  if (!token) throw new UsageError('--token (or VERDICT_TOKEN) is required');
  let base;
  try {
    base = new URL(url.endsWith('/') ? url : `${url}/`);
  } catch {
    throw new UsageError(`--url is not a valid address: "${url}"`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new UsageError('--url must start with http:// or https://');
  return { base, token };
}

function parseReadinessOptions(argv, env) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      milestone: { type: 'string' },
      json: { type: 'boolean', default: false },
      'summary-file': { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return { help: true };
  const { base, token } = serverOptions(values, env);
  if (!values.milestone) throw new UsageError('--milestone is required');
  if (!/^[1-9]\d{0,9}$/.test(values.milestone))
    throw new UsageError(
      `--milestone must be a milestone id, a positive whole number (got "${values.milestone}")`,
    );
  if (positionals.length > 0) throw new UsageError(`readiness takes no report (got "${positionals[0]}")`);
  const timeout = Number(values.timeout ?? 60);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new UsageError('--timeout must be a positive number of seconds');
  return {
    client: createVerdictClient({ baseUrl: base.href, token }),
    milestone: Number(values.milestone),
    json: values.json,
    summaryFile: values['summary-file'] ?? null,
    stepSummary: env.GITHUB_STEP_SUMMARY || null,
    timeoutMs: timeout * 1000,
    origin: base,
  };
}

/** A rule set as a sentence: 'at most 0 untested items; pass rate at least 95% per configuration; …'. */
function rulesText(rules) {
  const parts = [];
  if (rules.max_untested !== null) parts.push(`at most ${rules.max_untested} untested items`);
  if (rules.min_pass_rate !== null)
    parts.push(`pass rate at least ${rules.min_pass_rate}% per configuration`);
  if (rules.no_new_failures) parts.push('no new or still-failing failure in the latest import of its branch');
  if (rules.no_open_defects) parts.push('no defect linked to a failed result');
  if (rules.max_unmet_requirements !== undefined && rules.max_unmet_requirements !== null)
    parts.push(`at most ${rules.max_unmet_requirements} approved requirements not passing`);
  return parts.length > 0 ? parts.join('; ') : 'none';
}

/** The Markdown summary of a milestone's readiness: the verdict, each reason with its link, the figures. */
function readinessMarkdown(answer, options) {
  const link = (target) => new URL(target.replace(/^\//, ''), options.origin).href;
  const md = (text) => String(text).replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
  const item = (reason) =>
    reason.link ? `- [${md(reason.message)}](${link(reason.link)})` : `- ${md(reason.message)}`;
  const milestone = `[${md(answer.milestone.name)}](${link(`/milestones/${answer.milestone.id}`)})`;
  const lines = [`## Milestone ${milestone}: ${answer.ready ? 'READY' : 'NOT READY'}`, ''];
  lines.push(`Rules${answer.rules_set ? '' : ' (the defaults)'}: ${md(rulesText(answer.rules))}.`, '');
  if (answer.reasons.length > 0) lines.push('**Why not**', '', ...answer.reasons.map(item), '');
  if (answer.notes.length > 0) lines.push('**Not counted**', '', ...answer.notes.map(item), '');
  const f = answer.figures;
  const c = f.counts;
  lines.push(
    `${plural(c.total, 'item')} in ${plural(f.cycles, 'test cycle')}: ${c.passed} passed, ${c.failed} failed, ${c.blocked} blocked, ${c.skipped} skipped, ${f.untested} untested.`,
  );
  const rates = f.configurations.map(
    (r) =>
      `${md(r.name ?? 'without configuration')} ${r.pass_rate === null ? 'nothing tested' : `${r.pass_rate}%`}`,
  );
  if (rates.length > 0) lines.push(`Pass rate: ${rates.join(', ')}.`);
  if (f.import) {
    const g = f.import.counts;
    lines.push(
      `Latest import [${md(f.import.cycle.name)}](${link(`/cycles/${f.import.cycle.id}`)}): ${g.new} new, ${g.still_failing} still failing, ${g.flaky} flaky, ${g.quarantined} quarantined.`,
    );
  }
  lines.push(`Open defects linked to failures: ${f.open_defects}.`);
  return `${lines.join('\n')}\n`;
}

/** Writes a summary to the file named and appends it to $GITHUB_STEP_SUMMARY, as the import does. */
function writeSummary(summary, options) {
  const writes = [
    [options.summaryFile, writeFileSync],
    [options.stepSummary, appendFileSync],
  ];
  for (const [target, write] of writes) {
    if (!target) continue;
    try {
      write(target, summary);
    } catch (error) {
      err(`verdict-import: could not write the summary to ${target}: ${error?.message ?? error}`);
    }
  }
}

async function readiness(argv, env) {
  let options;
  try {
    options = parseReadinessOptions(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError) && error?.code?.startsWith?.('ERR_PARSE_ARGS') !== true) throw error;
    err(`verdict-import readiness: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    out(USAGE);
    return 0;
  }
  let result;
  try {
    result = await options.client.GET('/api/milestones/{id}/readiness', {
      params: { path: { id: options.milestone } },
      headers: { accept: 'application/json' },
      parseAs: 'text',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    err(
      `verdict-import readiness: failed: could not reach ${options.origin.origin} (${unreachable(error, options)})`,
    );
    return 1;
  }
  const { answer, failure } = answerOf(result, (a) => typeof a?.ready === 'boolean');
  if (failure) {
    err(`verdict-import readiness: failed: ${failure}`);
    return 1;
  }
  const summary = readinessMarkdown(answer, options);
  out(options.json ? JSON.stringify(answer) : summary.trimEnd());
  writeSummary(summary, options);
  if (!answer.ready) {
    err(`verdict-import readiness: not ready: ${plural(answer.reasons.length, 'reason')}`);
    return 1;
  }
  return 0;
}

async function main(argv = process.argv.slice(2), env = process.env) {
  if (argv[0] === 'readiness') return readiness(argv.slice(1), env);
  let options;
  try {
    options = parseOptions(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError) && error?.code?.startsWith?.('ERR_PARSE_ARGS') !== true) throw error;
    err(`verdict-import: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    out(USAGE);
    return 0;
  }
  if (options.version) {
    out(VERSION);
    return 0;
  }

  const totals = { reports: 0, failedReports: 0, runs: 0, passed: 0, failed: 0, skipped: 0 };
  const imported = [];
  let gateFailed = false;
  for (const [index, file] of options.files.entries()) {
    const label = `verdict-import [${index + 1}/${options.files.length}]`;
    let answer = null;
    try {
      answer = await upload(options, file, label);
    } catch (error) {
      err(`${label} failed: ${error?.message ?? error}`);
    }
    totals.reports += 1;
    if (!answer) {
      totals.failedReports += 1;
      continue;
    }
    if (answer.evidence_uploads || answer.summary.evidence) {
      // The report's files are evidence, not the import: whatever befalls them, the import stands.
      try {
        answer.evidence_result = await uploadEvidence(options, file, answer);
      } catch (error) {
        answer.evidence_result = {
          attached: 0,
          uploaded: 0,
          skipped: [`not sent: ${error?.message ?? error}`],
        };
      }
      for (const line of answer.evidence_result.skipped) err(`${label} evidence skipped: ${line}`);
    }
    imported.push({ file, answer });
    if (options.json) out(JSON.stringify({ file, ...answer }));
    else {
      out(summaryLine(file, answer));
      if (answer.evidence_result) out(`${file}: ${evidenceLine(answer.evidence_result)}`);
      if (options.gate && answer.gate) out(`${file}: ${gateLine(answer.gate)}`);
      if (options.gate && answer.gate && gateFails(answer.gate, options.gate)) {
        for (const [key, words] of GROUPS.slice(0, options.gate === 'new' ? 1 : 2)) {
          for (const c of answer.gate[key]) out(`  ${words}: ${c.name}`);
        }
      }
    }
    if (options.gate && answer.gate && gateFails(answer.gate, options.gate)) gateFailed = true;
    totals.runs += answer.summary.runsRecorded;
    totals.passed += answer.summary.passed;
    totals.failed += answer.summary.failed;
    totals.skipped += answer.summary.skipped;
  }
  if (!options.json && totals.reports > 1) {
    out(
      `total: ${plural(totals.reports - totals.failedReports, 'report')} imported, ${plural(totals.runs, 'result')} recorded (${totals.passed} passed, ${totals.failed} failed), ${totals.skipped} skipped`,
    );
  }
  if (imported.length > 0 && (options.summaryFile || options.stepSummary)) {
    const summary = markdownSummary(imported, options);
    // A file named is written; $GITHUB_STEP_SUMMARY collects every step's summary, so it is appended to.
    const writes = [
      [options.summaryFile, writeFileSync],
      [options.stepSummary, appendFileSync],
    ];
    for (const [target, write] of writes) {
      if (!target) continue;
      try {
        write(target, summary);
      } catch (error) {
        err(`verdict-import: could not write the summary to ${target}: ${error?.message ?? error}`);
      }
    }
  }
  if (totals.failedReports > 0) {
    err(`verdict-import: ${totals.failedReports} of ${plural(totals.reports, 'report')} failed to import`);
    return 1;
  }
  if (gateFailed) {
    err(
      options.gate === 'new'
        ? 'verdict-import: the gate failed: there are new failures'
        : 'verdict-import: the gate failed: there are new or still-failing failures',
    );
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    err(`verdict-import: ${error?.stack ?? error}`);
    process.exitCode = 1;
  },
);
