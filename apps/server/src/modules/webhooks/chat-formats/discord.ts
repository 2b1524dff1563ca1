import { type ChatMessage, cut, failureLines, failuresHeading } from './chat-message.ts';

/**
 * A Discord message with one embed (discord.com/developers/docs/resources/message#embed-object):
 * the title linking to the page, the summary and new failures as its description, the counts as
 * inline fields, a colour for the outcome. Discord's limits are kept: title 256 characters,
 * description 4,096, 25 fields of name 256 and value 1,024, content 2,000 (and under 6,000 in all).
 */

const COLOURS = { bad: 0xd83a34, good: 0x2eb67d, neutral: 0x8a8f98 } as const;

/** Discord reads Markdown in descriptions; names must stay text. */
const plain = (text: string) => text.replace(/([\\*_~`|[\]()])/g, '\\$1');

export function discordMessage(message: ChatMessage): object {
  const lines = [plain(message.summary)];
  if (message.failures && message.failures.total > 0) {
    lines.push(
      '',
      `**${failuresHeading(message.failures)}**`,
      ...failureLines(message.failures).map((l) => `• ${plain(l)}`),
    );
  }
  return {
    content: cut(`${message.title}: ${message.summary}`, 2000),
    embeds: [
      {
        title: cut(message.title, 256),
        ...(message.link ? { url: message.link.url } : {}),
        description: cut(lines.join('\n'), 4096),
        color: COLOURS[message.tone],
        fields: message.counts.slice(0, 25).map((count) => ({
          name: cut(count.name, 256),
          value: cut(String(count.value), 1024),
          inline: true,
        })),
      },
    ],
  };
}
