import { type ChatMessage, cut, failureLines, failuresHeading } from './chat-message.ts';

/**
 * A Slack message of Block Kit blocks (api.slack.com/reference/block-kit): a header, the summary
 * with the counts as fields, the new failures, a button to the page; `text` is what notifications
 * show. Limits kept: header 150 characters, section text 3,000, at most 10 fields.
 */

/** Slack's mrkdwn reads &, < and > as markup; these three are all it asks to escape. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackMessage(message: ChatMessage): object {
  const blocks: object[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(message.title, 150), emoji: true } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: cut(escaped(message.summary), 3000) },
      ...(message.counts.length > 0
        ? {
            fields: message.counts
              .slice(0, 10)
              .map((count) => ({ type: 'mrkdwn', text: `*${escaped(count.name)}*\n${count.value}` })),
          }
        : {}),
    },
  ];
  if (message.failures && message.failures.total > 0) {
    const lines = failureLines(message.failures).map((line) => `• ${escaped(line)}`);
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: cut(`*${failuresHeading(message.failures)}*\n${lines.join('\n')}`, 3000),
      },
    });
  }
  if (message.link) {
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: cut(message.link.label, 75) },
          url: message.link.url,
        },
      ],
    });
  }
  return { text: cut(escaped(`${message.title}: ${message.summary}`), 3000), blocks };
}
