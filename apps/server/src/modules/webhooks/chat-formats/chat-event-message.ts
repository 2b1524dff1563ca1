import type { Cycle, CycleCounts, WebhookEvent } from '@verdict/contract';
import type { Tx } from '../../../db/client.ts';
import { newFailuresOf } from '../../cycles/cycle-failures.ts';
import { chatLink } from './chat-links.ts';
import { CHAT_FAILURES_MAX, type ChatMessage } from './chat-message.ts';

/**
 * The chat message of an event (docs/decisions/232-webhook-chat-formats.md): a card for the cycle
 * events, with the cycle's counts, its new failures and a link; one line for the others.
 */

const COUNTED: [keyof CycleCounts, string][] = [
  ['passed', 'Passed'],
  ['failed', 'Failed'],
  ['blocked', 'Blocked'],
  ['retest', 'Retest'],
  ['skipped', 'Skipped'],
  ['untested', 'Untested'],
];

function toneOf(failed: number, allPassed: boolean): ChatMessage['tone'] {
  if (failed > 0) return 'bad';
  return allPassed ? 'good' : 'neutral';
}

async function cycleMessage(
  tx: Tx,
  projectName: string,
  cycle: Cycle,
  closed: boolean,
): Promise<ChatMessage> {
  const { counts } = cycle;
  const shown = COUNTED.filter(([state]) => counts[state] > 0);
  const parts = shown.map(([state, name]) => `${counts[state]} ${name.toLowerCase()}`);
  const verb = closed ? 'Test cycle closed' : 'Test cycle created';
  const where = cycle.branch ? ` on ${cycle.branch}` : '';
  return {
    title: `${projectName} · ${cycle.name}`,
    summary: `${verb}${where}: ${counts.total} ${counts.total === 1 ? 'item' : 'items'}${parts.length ? `, ${parts.join(', ')}` : ''}`,
    link: chatLink(`/cycles/${cycle.id}`, 'Open the test cycle'),
    counts: [
      { name: 'Total', value: counts.total },
      ...shown.map(([state, name]) => ({ name, value: counts[state] })),
    ],
    failures: await newFailuresOf(tx, cycle.id, CHAT_FAILURES_MAX),
    tone: toneOf(counts.failed + counts.blocked, counts.total > 0 && counts.passed === counts.total),
  };
}

type Data = Record<string, any>;

/** One line: what happened and a link, without counts or failures. */
const line = (
  projectName: string,
  summary: string,
  link: ChatMessage['link'],
  tone: ChatMessage['tone'],
) => ({
  title: projectName,
  summary,
  link,
  counts: [],
  failures: null,
  tone,
});

const CASE_ACTIONS: Record<string, string> = { create: 'added', update: 'changed', delete: 'deleted' };

function caseChangedMessage(projectName: string, data: Data): ChatMessage {
  const single = data.test_case as { id: number; name: string } | undefined;
  if (single) {
    const summary = `Test case ${CASE_ACTIONS[data.action] ?? 'changed'}: ${single.name}`;
    return line(projectName, summary, chatLink(`/cases/${single.id}`, 'Open the test case'), 'neutral');
  }
  const count = Number(data.affected ?? (data.case_ids as unknown[]).length);
  const verb = CASE_ACTIONS[data.action] ?? `changed (${data.action})`;
  return line(projectName, `${count} test ${count === 1 ? 'case' : 'cases'} ${verb}`, null, 'neutral');
}

export async function chatMessageOf(
  tx: Tx,
  projectName: string,
  event: WebhookEvent,
  data: Data,
): Promise<ChatMessage> {
  switch (event) {
    case 'cycle.created':
    case 'cycle.closed':
      return cycleMessage(tx, projectName, data.cycle as Cycle, event === 'cycle.closed');
    case 'result.recorded': {
      const state = String(data.result.state);
      const summary = `Result ${state}: ${data.item.test_case.name}`;
      const link = chatLink(`/cycle-items/${data.item.id}`, 'Open the result');
      return line(
        projectName,
        summary,
        link,
        toneOf(state === 'failed' || state === 'blocked' ? 1 : 0, state === 'passed'),
      );
    }
    case 'import.finished': {
      const s = data.summary;
      const cycle = data.cycle as { id: number; name: string } | null;
      const summary = `Import finished${cycle ? ` as ${cycle.name}` : ''}: ${s.tests} tests, ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`;
      const link = cycle ? chatLink(`/cycles/${cycle.id}`, 'Open the test cycle') : null;
      return line(projectName, summary, link, toneOf(s.failed, s.tests > 0 && s.passed === s.tests));
    }
    case 'case.changed':
      return caseChangedMessage(projectName, data);
  }
}
