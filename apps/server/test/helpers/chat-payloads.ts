/**
 * Structural checks of the chat services' message shapes, written from each service's documents:
 * the keys they require, the types and the limits they state. Each answers the problems it found
 * (empty: the payload is one the service takes).
 */

type Json = Record<string, any>;

const isString = (value: unknown): value is string => typeof value === 'string';
const isUrl = (value: unknown) => isString(value) && /^https?:\/\/\S+$/.test(value);
const length = (value: string) => [...value].length;

class Problems {
  readonly list: string[] = [];
  check(ok: boolean, problem: string) {
    if (!ok) this.list.push(problem);
  }
  text(value: unknown, where: string, max: number, min = 1) {
    this.check(
      isString(value) && length(value) >= min && length(value) <= max,
      `${where}: text of ${min}–${max}`,
    );
  }
}

/**
 * Slack Block Kit (api.slack.com/reference/block-kit/blocks): `text` and at most 50 blocks; a
 * header's plain_text at most 150 characters; a section's text at most 3,000 and at most 10
 * fields of at most 2,000; an actions block at most 25 elements; a button's plain_text at most
 * 75 characters and its url at most 3,000.
 */
export function slackProblems(payload: Json): string[] {
  const p = new Problems();
  p.text(payload.text, 'text', 40_000);
  p.check(
    Array.isArray(payload.blocks) && payload.blocks.length >= 1 && payload.blocks.length <= 50,
    'blocks: 1–50',
  );
  for (const [i, block] of (payload.blocks ?? []).entries()) {
    const at = `blocks[${i}]`;
    if (block.type === 'header') {
      p.check(block.text?.type === 'plain_text', `${at}.text: plain_text`);
      p.text(block.text?.text, `${at}.text.text`, 150);
    } else if (block.type === 'section') {
      p.check(block.text !== undefined || block.fields !== undefined, `${at}: text or fields`);
      if (block.text) {
        p.check(['plain_text', 'mrkdwn'].includes(block.text.type), `${at}.text.type`);
        p.text(block.text.text, `${at}.text.text`, 3000);
      }
      if (block.fields) {
        p.check(Array.isArray(block.fields) && block.fields.length <= 10, `${at}.fields: at most 10`);
        for (const field of block.fields) {
          p.check(['plain_text', 'mrkdwn'].includes(field.type), `${at}.fields[].type`);
          p.text(field.text, `${at}.fields[].text`, 2000);
        }
      }
    } else if (block.type === 'actions') {
      p.check(
        Array.isArray(block.elements) && block.elements.length >= 1 && block.elements.length <= 25,
        `${at}.elements: 1–25`,
      );
      for (const element of block.elements ?? []) {
        p.check(element.type === 'button', `${at}.elements[]: button`);
        p.check(element.text?.type === 'plain_text', `${at}.elements[].text: plain_text`);
        p.text(element.text?.text, `${at}.elements[].text.text`, 75);
        p.check(isUrl(element.url) && element.url.length <= 3000, `${at}.elements[].url: an address`);
      }
    } else {
      p.check(['divider', 'context', 'image', 'rich_text'].includes(block.type), `${at}.type: a block type`);
    }
  }
  return p.list;
}

/**
 * Microsoft Teams (learn.microsoft.com, "Send Adaptive Cards using an incoming webhook"): `type`
 * "message" and `attachments` of contentType application/vnd.microsoft.card.adaptive whose
 * `content` is an AdaptiveCard (adaptivecards.io/explorer): `type`, `version`, `body` of elements
 * with a `type` (TextBlock with `text`, FactSet with `facts` of title and value), and `actions`
 * of Action.OpenUrl with `url`.
 */
export function teamsProblems(payload: Json): string[] {
  const p = new Problems();
  p.check(payload.type === 'message', 'type: message');
  p.check(Array.isArray(payload.attachments) && payload.attachments.length >= 1, 'attachments: at least one');
  for (const attachment of payload.attachments ?? []) {
    p.check(
      attachment.contentType === 'application/vnd.microsoft.card.adaptive',
      'attachments[].contentType',
    );
    const card = attachment.content ?? {};
    p.check(card.type === 'AdaptiveCard', 'content.type: AdaptiveCard');
    p.check(isString(card.version) && /^1\.[0-6]$/.test(card.version), 'content.version: 1.0–1.6');
    p.check(Array.isArray(card.body) && card.body.length >= 1, 'content.body: elements');
    for (const element of card.body ?? []) {
      if (element.type === 'TextBlock') p.text(element.text, 'TextBlock.text', 100_000);
      else if (element.type === 'FactSet') {
        p.check(Array.isArray(element.facts) && element.facts.length >= 1, 'FactSet.facts');
        for (const fact of element.facts ?? []) {
          p.check(isString(fact.title) && isString(fact.value), 'FactSet.facts[]: title and value texts');
        }
      } else p.check(isString(element.type), 'body[].type');
    }
    for (const action of card.actions ?? []) {
      p.check(action.type === 'Action.OpenUrl', 'actions[].type: Action.OpenUrl');
      p.check(isUrl(action.url), 'actions[].url: an address');
      p.text(action.title, 'actions[].title', 1000);
    }
  }
  return p.list;
}

/**
 * Google Chat (developers.google.com/workspace/chat/api/reference/rest/v1/cards): a message with
 * `text` (at most 4,096 characters) and `cardsV2` of `{cardId, card}`; a card's `header.title`,
 * and `sections` each with `widgets`, every widget one of decoratedText (with `text`),
 * textParagraph (with `text`) or buttonList (buttons of `text` and onClick.openLink.url).
 */
export function googleChatProblems(payload: Json): string[] {
  const p = new Problems();
  p.text(payload.text, 'text', 4096);
  p.check(Array.isArray(payload.cardsV2) && payload.cardsV2.length >= 1, 'cardsV2: at least one');
  for (const entry of payload.cardsV2 ?? []) {
    p.text(entry.cardId, 'cardsV2[].cardId', 255);
    const card = entry.card ?? {};
    p.text(card.header?.title, 'card.header.title', 4096);
    p.check(Array.isArray(card.sections) && card.sections.length >= 1, 'card.sections: at least one');
    for (const section of card.sections ?? []) {
      p.check(Array.isArray(section.widgets) && section.widgets.length >= 1, 'sections[].widgets');
      for (const widget of section.widgets ?? []) {
        const kinds = Object.keys(widget);
        p.check(kinds.length === 1, 'widget: exactly one kind');
        if (widget.decoratedText) p.text(widget.decoratedText.text, 'decoratedText.text', 4096);
        else if (widget.textParagraph) p.text(widget.textParagraph.text, 'textParagraph.text', 4096);
        else if (widget.buttonList) {
          for (const button of widget.buttonList.buttons ?? []) {
            p.text(button.text, 'button.text', 4096);
            p.check(isUrl(button.onClick?.openLink?.url), 'button.onClick.openLink.url: an address');
          }
        } else p.check(false, `widget kind ${kinds[0]}`);
      }
    }
  }
  return p.list;
}

/**
 * Discord (discord.com/developers/docs/resources/message, "Embed Limits"): `content` at most
 * 2,000 characters, at most 10 `embeds`, each title at most 256, description 4,096, at most 25
 * fields of name 256 and value 1,024 (both required), color an integer, url an address, and all
 * of an embed's texts together at most 6,000.
 */
export function discordProblems(payload: Json): string[] {
  const p = new Problems();
  if (payload.content !== undefined) p.text(payload.content, 'content', 2000, 0);
  p.check(Array.isArray(payload.embeds) && payload.embeds.length <= 10, 'embeds: at most 10');
  p.check(payload.content !== undefined || payload.embeds?.length > 0, 'content or embeds');
  for (const embed of payload.embeds ?? []) {
    let total = 0;
    if (embed.title !== undefined) {
      p.text(embed.title, 'embed.title', 256);
      total += length(embed.title);
    }
    if (embed.description !== undefined) {
      p.text(embed.description, 'embed.description', 4096);
      total += length(embed.description);
    }
    if (embed.url !== undefined) p.check(isUrl(embed.url), 'embed.url: an address');
    if (embed.color !== undefined) {
      p.check(Number.isInteger(embed.color) && embed.color >= 0 && embed.color <= 0xffffff, 'embed.color');
    }
    p.check(
      !embed.fields || (Array.isArray(embed.fields) && embed.fields.length <= 25),
      'embed.fields: at most 25',
    );
    for (const field of embed.fields ?? []) {
      p.text(field.name, 'field.name', 256);
      p.text(field.value, 'field.value', 1024);
      if (field.inline !== undefined) p.check(typeof field.inline === 'boolean', 'field.inline: boolean');
      total += length(String(field.name)) + length(String(field.value));
    }
    p.check(total <= 6000, 'embed: at most 6,000 characters in all');
  }
  return p.list;
}
