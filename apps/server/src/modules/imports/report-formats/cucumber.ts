import { CaseCollector, failureOf, logOfStreams } from './collector.ts';
import { bytesOfData, inlineName } from './evidence.ts';
import { type JsonValue, objectOf, objectsOf, readJsonValues, textOf } from './json-report.ts';
import {
  caseKeyOf,
  type OnCase,
  type Outcome,
  type ReadReport,
  type ReportedAttachment,
  type ReportedStep,
} from './reported-case.ts';

/**
 * Cucumber's JSON (`--format json`, Ruby and JavaScript alike): an array of features, each with
 * its elements (scenarios, and backgrounds whose steps run before each following scenario), each
 * with steps and hooks that carry a result. A feature is read as it arrives. A scenario is one
 * test: its suite the feature's name, its path the scenario's name (an outline's examples, which
 * repeat the name, are numbered "#2", "#3" in order). Its steps become the result's step results;
 * a failed or ambiguous step or hook fails it, an undefined or pending step without a failure skips
 * it. Durations are nanoseconds. A `@C123` tag names the case. The files steps and hooks embed
 * (`embeddings` of base64 `data` and a `mime_type`, or the newer `attachments`) are its evidence.
 */

type Json = Record<string, unknown>;

const stepOutcome = (status: string): ReportedStep['outcome'] =>
  status === 'passed' ? 'passed' : status === 'failed' || status === 'ambiguous' ? 'failed' : 'skipped';

/** The files a step or hook embeds, named "embedding-1.png" in the scenario's order unless named. */
function embeddedFiles(step: Json, files: ReportedAttachment[]): void {
  for (const embedded of [...objectsOf(step.embeddings), ...objectsOf(step.attachments)]) {
    const data = embedded.data ?? embedded.body;
    if (typeof data !== 'string') continue;
    const media = objectOf(embedded.media);
    const contentType =
      textOf(embedded.mime_type) ||
      textOf(embedded.mediaType) ||
      textOf(embedded.media_type) ||
      (media ? textOf(media.type) : '') ||
      'application/octet-stream';
    const name = textOf(embedded.name) || textOf(embedded.fileName) || `embedding-${files.length + 1}`;
    files.push({ name: inlineName(name, contentType), contentType, body: bytesOfData(data, contentType) });
  }
}

function keyOfTags(tags: unknown): number | null {
  for (const tag of objectsOf(tags)) {
    const name = textOf(tag.name);
    if (/^@C\d{1,9}$/.test(name)) return caseKeyOf(name.slice(1));
  }
  return null;
}

function readFeature(collector: CaseCollector, feature: Json): void {
  const suite = textOf(feature.name) || textOf(feature.uri);
  const seen = new Map<string, number>();
  let background: Json[] = [];
  for (const element of objectsOf(feature.elements)) {
    if (textOf(element.type) === 'background' || textOf(element.keyword) === 'Background') {
      background = objectsOf(element.steps);
      continue;
    }
    const name = textOf(element.name);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const steps = [...background, ...objectsOf(element.steps)];
    const hooks = [...objectsOf(element.before), ...objectsOf(element.after)];
    let durationNs = 0;
    let failedAt: { step: string; message: string } | null = null;
    let unfinished = false;
    const output: string[] = [];
    const reported: ReportedStep[] = [];
    const files: ReportedAttachment[] = [];
    for (const step of [...steps, ...hooks]) {
      embeddedFiles(step, files);
      const result = objectOf(step.result) ?? {};
      const status = textOf(result.status);
      if (typeof result.duration === 'number' && result.duration > 0) durationNs += result.duration;
      const text = `${textOf(step.keyword)}${textOf(step.name)}`.trim();
      if ((status === 'failed' || status === 'ambiguous') && !failedAt) {
        failedAt = { step: text || 'A hook', message: textOf(result.error_message) };
      }
      if (status === 'undefined' || status === 'pending') unfinished = true;
      for (const line of Array.isArray(step.output) ? step.output : []) output.push(textOf(line));
      if (steps.includes(step)) reported.push({ text: text || 'Step', outcome: stepOutcome(status) });
    }
    const outcome: Outcome = failedAt ? 'failed' : unfinished ? 'skipped' : 'passed';
    collector.add(suite, [count === 1 ? name : `${name} #${count}`], {
      outcome,
      durationMs: durationNs > 0 ? Math.round(durationNs / 1e6) : null,
      failure: failedAt
        ? failureOf(`${failedAt.step}: ${failedAt.message.split('\n')[0] ?? ''}`, null, failedAt.message)
        : null,
      log: logOfStreams([['output', output.join('\n')]]),
      caseKey: keyOfTags(element.tags),
      steps: reported,
      attachments: files,
    });
  }
}

export async function readCucumberReport(body: AsyncIterable<Buffer>, onCase: OnCase): Promise<ReadReport> {
  const collector = new CaseCollector(onCase);
  await readJsonValues(body, ['$.*'], (value: JsonValue) => {
    const feature = objectOf(value);
    if (feature) readFeature(collector, feature);
  });
  return collector.result();
}
