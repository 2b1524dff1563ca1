import { WEBHOOK_EVENTS } from '@verdict/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordMessage } from '../src/modules/webhooks/chat-formats/discord.ts';
import { slackMessage } from '../src/modules/webhooks/chat-formats/slack.ts';
import {
  discordProblems,
  googleChatProblems,
  slackProblems,
  teamsProblems,
} from './helpers/chat-payloads.ts';
import { addMember, createProject, createRole, createTree, createUser } from './helpers/fixtures.ts';
import { as, expectGuards, expectStatus } from './helpers/requests.ts';
import { type Receiver, startReceiver } from './helpers/webhook-receiver.ts';
import { startWorld, type TestApp, type World } from './helpers/world.ts';

/** docs/product/webhooks.md, "Chat formats": each service's message, to real receivers on 127.0.0.1. */

const SECRET = 'a-test-secret-of-some-length';
const PUBLIC_URL = 'https://verdict.example.test/qa';
const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '100', PUBLIC_URL };
const FORMATS = ['slack', 'teams', 'google-chat', 'discord'] as const;
type ChatFormat = (typeof FORMATS)[number];
const PROBLEMS = {
  slack: slackProblems,
  teams: teamsProblems,
  'google-chat': googleChatProblems,
  discord: discordProblems,
};

let t: TestApp;
let w: World;
/** One receiver per format, so each payload is known by where it arrived. */
const receivers = {} as Record<ChatFormat, Receiver>;
beforeAll(async () => {
  ({ t, w } = await startWorld({ env: ENV }));
  for (const format of FORMATS) receivers[format] = await startReceiver({ secret: SECRET });
});
afterAll(async () => {
  for (const receiver of Object.values(receivers)) await receiver?.close();
  await t?.close();
});

const admin = () => as(t, w.admin);

async function addEndpoints(projectId: number, events: string[] = ['cycle.closed']) {
  for (const format of FORMATS) {
    const { webhook } = expectStatus(
      await admin().post(`/api/projects/${projectId}/webhooks`, {
        url: receivers[format].url,
        events,
        format,
        secret: SECRET,
      }),
      201,
    );
    expect(webhook.format).toBe(format);
  }
}

/** A cycle of all the project's cases with the named ones failed and the rest passed. */
async function runCycle(projectId: number, name: string, failing: string[]) {
  const { cycle } = expectStatus(
    await admin().post(`/api/projects/${projectId}/cycles`, { name, all_cases: true }),
    201,
  );
  const { items } = expectStatus(await admin().get(`/api/cycles/${cycle.id}/items`), 200);
  for (const item of items as { id: number; test_case: { name: string } }[]) {
    const state = failing.includes(item.test_case.name) ? 'failed' : 'passed';
    expectStatus(await admin().post(`/api/cycle-items/${item.id}/results`, { state }), 201);
  }
  return cycle as { id: number; name: string };
}

const close = async (cycleId: number) =>
  expectStatus(await admin().put(`/api/cycles/${cycleId}`, { state: 'closed' }), 200);

/** What a receiver got for the cycle (by its name anywhere in the payload), checked for its shape. */
async function payloadOf(format: ChatFormat, cycleName: string) {
  const received = await receivers[format].waitFor((r) => r.body.includes(cycleName));
  expect(received.signed).toBe(true);
  expect(received.headers['content-type']).toBe('application/json');
  expect(PROBLEMS[format](received.json)).toEqual([]);
  return received.json;
}

describe('the format of an endpoint', () => {
  it('is json unless given, is answered and listed, and changes', async () => {
    const project = await createProject(t, w.admin);
    const url = `/api/projects/${project.id}/webhooks`;
    const plain = expectStatus(
      await admin().post(url, { url: receivers.slack.url, events: ['cycle.closed'] }),
      201,
    );
    expect(plain.webhook.format).toBe('json');
    const changed = expectStatus(
      await admin().put(`/api/webhooks/${plain.webhook.id}`, { format: 'teams' }),
      200,
    );
    expect(changed.webhook).toMatchObject({ format: 'teams', events: ['cycle.closed'] });
    const kept = expectStatus(await admin().put(`/api/webhooks/${plain.webhook.id}`, { active: false }), 200);
    expect(kept.webhook.format).toBe('teams');
    expect(expectStatus(await admin().get(url), 200)[0].format).toBe('teams');
    expectStatus(
      await admin().post(url, { url: receivers.slack.url, events: ['cycle.closed'], format: 'xml' }),
      400,
    );
    expectStatus(await admin().put(`/api/webhooks/${plain.webhook.id}`, { format: 'Slack' }), 400);
  });

  it('is set only with manage_webhooks', async () => {
    const { webhook } = expectStatus(
      await admin().post(`/api/projects/${w.project.id}/webhooks`, {
        url: receivers.slack.url,
        events: ['cycle.closed'],
      }),
      201,
    );
    await expectGuards(t, w, {
      method: 'POST',
      url: `/api/projects/${w.project.id}/webhooks`,
      payload: { url: receivers.slack.url, events: ['cycle.closed'], format: 'slack' },
      permission: 'manage_webhooks',
    });
    await expectGuards(t, w, {
      method: 'PUT',
      url: `/api/webhooks/${webhook.id}`,
      payload: { format: 'slack' },
      permission: 'manage_webhooks',
    });
    const listed = expectStatus(await admin().get(`/api/projects/${w.project.id}/webhooks`), 200);
    expect(listed.find((h: { id: number }) => h.id === webhook.id).format).toBe('json');

    const manager = await createUser(t);
    await addMember(t, w.project.id, manager.id, await createRole(t, ['manage_webhooks']));
    const set = expectStatus(
      await as(t, manager.token).put(`/api/webhooks/${webhook.id}`, { format: 'slack' }),
      200,
    );
    expect(set.webhook.format).toBe('slack');
  });
});

describe('a closed cycle', () => {
  it("sends each service's card: the cycle, counts, new failures and a link", async () => {
    const project = await createProject(t, w.admin);
    await createTree(t, w.admin, project.id);
    // "case" failed before and fails again; "loose" is the only new failure.
    await close((await runCycle(project.id, 'Nightly 41', ['case'])).id);
    await addEndpoints(project.id);
    const cycle = await runCycle(project.id, 'Nightly 42', ['case', 'loose']);
    await close(cycle.id);
    const link = `${PUBLIC_URL}/cycles/${cycle.id}`;
    const title = `${project.name} · Nightly 42`;

    const slack = await payloadOf('slack', 'Nightly 42');
    expect(slack.text).toContain(title);
    expect(slack.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: title, emoji: true },
    });
    expect(slack.blocks[1].text.text).toBe('Test cycle closed: 4 items, 2 passed, 2 failed');
    expect(slack.blocks[1].fields.map((f: { text: string }) => f.text)).toEqual([
      '*Total*\n4',
      '*Passed*\n2',
      '*Failed*\n2',
    ]);
    expect(slack.blocks[2].text.text).toBe('*New failures (1)*\n• loose');
    expect(slack.blocks[3]).toEqual({
      type: 'actions',
      elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the test cycle' }, url: link }],
    });

    const teams = await payloadOf('teams', 'Nightly 42');
    const card = teams.attachments[0].content;
    expect(card.version).toBe('1.4');
    expect(card.body[0].text).toBe(title);
    expect(card.body.find((e: { type: string }) => e.type === 'FactSet').facts).toEqual([
      { title: 'Total', value: '4' },
      { title: 'Passed', value: '2' },
      { title: 'Failed', value: '2' },
    ]);
    expect(card.body.map((e: { text?: string }) => e.text)).toContain('New failures (1)');
    expect(card.body.at(-1).text).toBe('- loose');
    expect(card.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open the test cycle', url: link }]);

    const chat = await payloadOf('google-chat', 'Nightly 42');
    const gcard = chat.cardsV2[0].card;
    expect(gcard.header.title).toBe(title);
    expect(
      gcard.sections[0].widgets.map((x: any) => [x.decoratedText.topLabel, x.decoratedText.text]),
    ).toEqual([
      ['Total', '4'],
      ['Passed', '2'],
      ['Failed', '2'],
    ]);
    expect(gcard.sections[1]).toEqual({
      header: 'New failures (1)',
      widgets: [{ textParagraph: { text: 'loose' } }],
    });
    expect(gcard.sections[2].widgets[0].buttonList.buttons[0].onClick.openLink.url).toBe(link);

    const discord = await payloadOf('discord', 'Nightly 42');
    const embed = discord.embeds[0];
    expect(embed).toMatchObject({ title, url: link, color: 0xd83a34 });
    expect(embed.description).toContain('**New failures (1)**\n• loose');
    expect(embed.fields).toEqual([
      { name: 'Total', value: '4', inline: true },
      { name: 'Passed', value: '2', inline: true },
      { name: 'Failed', value: '2', inline: true },
    ]);
  });

  it('names at most 10 new failures, then "and N more"', async () => {
    const project = await createProject(t, w.admin);
    const names = Array.from({ length: 13 }, (_, i) => `broken ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) {
      expectStatus(await admin().post(`/api/test-cases/project/${project.id}/create`, { name }), 201);
    }
    await addEndpoints(project.id);
    const cycle = await runCycle(project.id, 'Big bang', names);
    await close(cycle.id);
    const slack = await payloadOf('slack', 'Big bang');
    expect(slack.blocks[2].text.text).toBe(
      ['*New failures (13)*', ...names.slice(0, 10).map((n) => `• ${n}`), '• and 3 more'].join('\n'),
    );
    const discord = await payloadOf('discord', 'Big bang');
    expect(discord.embeds[0].description).toContain('• and 3 more');
    for (const format of ['teams', 'google-chat'] as const) {
      expect(JSON.stringify(await payloadOf(format, 'Big bang'))).toContain('and 3 more');
    }
  });
});

describe('the other events', () => {
  it('send one line with a link, in the same shapes', async () => {
    const project = await createProject(t, w.admin);
    await createTree(t, w.admin, project.id);
    await addEndpoints(project.id, [...WEBHOOK_EVENTS]);
    const cycle = await runCycle(project.id, 'Smoke', ['loose']);
    for (const format of FORMATS) {
      const received = await receivers[format].waitFor(
        (r) => r.headers['x-verdict-event'] === 'result.recorded' && r.body.includes('Result failed: loose'),
      );
      expect(PROBLEMS[format](received.json)).toEqual([]);
      expect(received.body).toContain(`${PUBLIC_URL}/cycle-items/`);
    }
    const created = await receivers.slack.waitFor(
      (r) => r.headers['x-verdict-event'] === 'cycle.created' && r.body.includes('Smoke'),
    );
    expect(created.json.blocks[1].text.text).toBe('Test cycle created: 4 items, 4 untested');
    expect(created.json.blocks[2].elements[0].url).toBe(`${PUBLIC_URL}/cycles/${cycle.id}`);
  });
});

describe('the limits of the services', () => {
  const long = 'x'.repeat(5000);
  const message = {
    title: long,
    summary: long,
    link: { url: 'https://verdict.example.test/cycles/1', label: long },
    counts: Array.from({ length: 30 }, (_, i) => ({ name: `state ${i}`, value: i })),
    failures: { names: Array.from({ length: 10 }, () => long), total: 500 },
    tone: 'bad' as const,
  };

  it('are kept however long the names', () => {
    expect(slackProblems(slackMessage(message))).toEqual([]);
    expect(discordProblems(discordMessage(message))).toEqual([]);
  });
});
