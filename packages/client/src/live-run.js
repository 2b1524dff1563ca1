// A live run (docs/product/live-runs.md) as the test reporters drive it: opened when the run
// starts, results queued as tests finish and sent in batches without holding the run up, each
// result's files uploaded to it, and finished at the end with the gate. Reporting never fails the
// test run: a call that fails is a warning line, and the run goes on unreported from there.
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { ciFacts } from './ci-facts.js';
import { createVerdictClient } from './index.js';

const LOG_MAX = 65_536;
/** The server takes up to 1,000 results and 8 MB a batch; a batch is sent well before either. */
const BATCH_BYTES_MAX = 4 * 1024 * 1024;

const KEY_IN_TITLE = /(?:\[C(\d{1,9})\]|(?:^|\s)@C(\d{1,9})\b)/;

/** The case a test's title names ([C123] or @C123), and the title without it, as the import reads them. */
export function caseKeyInTitle(title) {
  const match = KEY_IN_TITLE.exec(title);
  if (!match) return { key: null, title };
  const rest = (title.slice(0, match.index) + title.slice(match.index + match[0].length))
    .replace(/\s+/g, ' ')
    .trim();
  return { key: Number(match[1] ?? match[2]), title: rest || title };
}

/** A case key written as `C123` or `123` (an annotation's value); null otherwise. */
export function caseKeyOf(value) {
  const match = /^\s*C?(\d{1,9})\s*$/i.exec(value ?? '');
  return match ? Number(match[1]) : null;
}

/** Text cut to what the server keeps, or null when empty. */
export function cut(text, max = LOG_MAX) {
  if (!text) return null;
  return text.length > max ? text.slice(0, max) : text;
}

/** The options every reporter takes, with the environment's defaults (VERDICT_URL, VERDICT_TOKEN, VERDICT_PROJECT). */
export function liveRunOptions(options = {}, env = process.env) {
  return {
    url: options.url ?? env.VERDICT_URL,
    token: options.token ?? env.VERDICT_TOKEN,
    project: Number(options.project ?? env.VERDICT_PROJECT),
    name: options.name ?? env.VERDICT_RUN_NAME,
    batchSize: options.batchSize ?? 200,
    flushMs: options.flushMs ?? 2000,
    timeoutMs: options.timeoutMs ?? 30_000,
    facts: { ...ciFacts(env), ...(options.branch ? { branch: options.branch } : {}) },
    fetch: options.fetch,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
  };
}

export class LiveRun {
  constructor(options) {
    this.options = options;
    this.queue = [];
    this.queuedBytes = 0;
    this.sending = Promise.resolve();
    this.cycle = null;
    this.failed = null;
    this.sent = 0;
    this.evidence = { uploaded: 0, skipped: 0 };
    const { url, token, project } = options;
    if (!url || !token || !Number.isInteger(project) || project < 1) {
      this.warn('not reporting: set url, token and project (or VERDICT_URL, VERDICT_TOKEN, VERDICT_PROJECT)');
      this.failed = 'not configured';
      return;
    }
    this.client = createVerdictClient({ baseUrl: url.replace(/\/+$/, ''), token, fetch: options.fetch });
  }

  warn(line) {
    this.options.log(`verdict: ${line}`);
  }

  /** Stops reporting after the first failed call, with one warning line. */
  stop(what, error) {
    if (this.failed) return;
    this.failed = what;
    this.warn(
      `${what}: ${error instanceof Error ? error.message : String(error)}; the rest of this run is not reported`,
    );
  }

  async call(route, id, body) {
    const answer = await this.client.POST(route, {
      params: { path: { id } },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (answer.error !== undefined || !answer.response.ok) {
      const message = answer.error?.message ?? `HTTP ${answer.response.status}`;
      throw new Error(`${message} (HTTP ${answer.response.status})`);
    }
    return answer.data;
  }

  /** Opens the run's cycle; the results queued meanwhile wait for it. */
  start() {
    if (this.failed) return;
    const { name, facts, project } = this.options;
    this.sending = this.call('/api/projects/{id}/live-runs', project, {
      ...(name ? { name } : {}),
      ...defined(facts),
    })
      .then((cycle) => {
        this.cycle = cycle;
      })
      .catch((error) => this.stop('could not open the live run', error));
    this.timer = setInterval(() => this.flush(), this.options.flushMs);
    this.timer.unref?.();
  }

  /** Queues one result (the server's LiveResult) and the files to upload to it. */
  add(result, files = []) {
    if (this.failed) return;
    this.queue.push({ result, files });
    this.queuedBytes += (result.log?.length ?? 0) + (result.failure?.text?.length ?? 0) + 500;
    if (this.queue.length >= this.options.batchSize || this.queuedBytes >= BATCH_BYTES_MAX) this.flush();
  }

  /** Sends what is queued after what is being sent, without waiting for it. */
  flush() {
    if (this.queue.length === 0 || this.failed) return this.sending;
    const batch = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    this.sending = this.sending.then(() => this.send(batch));
    return this.sending;
  }

  async send(batch) {
    if (this.failed || !this.cycle) return;
    let answer;
    try {
      answer = await this.call('/api/live-runs/{id}/results', this.cycle.id, {
        results: batch.map((entry) => entry.result),
      });
    } catch (error) {
      this.stop('could not send results', error);
      return;
    }
    this.sent += batch.length;
    for (const line of answer.warnings ?? []) this.warn(line);
    for (const [index, entry] of batch.entries()) {
      for (const file of entry.files) await this.upload(answer.result_ids[index], file);
    }
  }

  /** One file of a result's evidence: a path on this machine, or bytes. */
  async upload(resultId, file) {
    try {
      const blob = file.body
        ? new Blob([file.body], { type: file.contentType })
        : await openAsBlob(file.path, { type: file.contentType });
      const form = new FormData();
      form.append('file', blob, file.name ?? path.basename(file.path));
      const answer = await this.client.POST('/api/cycle-results/{id}/evidence', {
        params: { path: { id: resultId } },
        body: form,
        bodySerializer: (body) => body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!answer.response.ok) throw new Error(answer.error?.message ?? `HTTP ${answer.response.status}`);
      this.evidence.uploaded += 1;
    } catch (error) {
      this.evidence.skipped += 1;
      this.warn(
        `${file.name ?? file.path} not attached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** Sends the rest, finishes the run and answers {cycle, gate} (null when the run was not reported). */
  async finish() {
    clearInterval(this.timer);
    await this.flush();
    await this.sending;
    if (this.failed || !this.cycle) return null;
    try {
      const answer = await this.call(
        '/api/live-runs/{id}/finish',
        this.cycle.id,
        defined(this.options.facts),
      );
      this.options.log(summaryOf(answer, this.options.url, this.evidence));
      return answer;
    } catch (error) {
      this.stop('could not finish the live run', error);
      return null;
    }
  }
}

const defined = (facts) => Object.fromEntries(Object.entries(facts ?? {}).filter(([, value]) => value));

/** 'Verdict: "Nightly" 40 passed, 2 failed, 1 skipped — gate: 1 new failure (fails)' and the cycle's address. */
export function summaryOf({ cycle, gate }, url, evidence) {
  const { passed, failed, skipped } = cycle.counts;
  const verdict = gate.fails
    ? `gate fails: ${gate.counts.new} new, ${gate.counts.still_failing} still failing`
    : `gate passes${gate.counts.flaky + gate.counts.quarantined > 0 ? ` (${gate.counts.flaky} flaky, ${gate.counts.quarantined} quarantined)` : ''}`;
  const files = evidence.uploaded + evidence.skipped > 0 ? `; ${evidence.uploaded} files attached` : '';
  return (
    `Verdict: "${cycle.name}" ${passed} passed, ${failed} failed, ${skipped} skipped — ${verdict}${files}` +
    `\n  ${url.replace(/\/+$/, '')}/cycles/${cycle.id}`
  );
}
