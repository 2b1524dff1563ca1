import { type ChatMessage, failureLines, failuresHeading } from './chat-message.ts';

/**
 * A Microsoft Teams message: an Adaptive Card 1.4 (adaptivecards.io) in the "message with
 * attachments" envelope that Teams incoming webhooks and workflows take. The title, the summary,
 * the counts as a FactSet, the new failures as a list, and an Action.OpenUrl to the page. Texts
 * go as they are: Adaptive Cards' Markdown subset has no escape, and at worst shows a name bold.
 */

export function teamsMessage(message: ChatMessage): object {
  const body: object[] = [
    { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'TextBlock', text: message.summary, wrap: true, spacing: 'Small' },
  ];
  if (message.counts.length > 0) {
    body.push({
      type: 'FactSet',
      facts: message.counts.map((count) => ({ title: count.name, value: String(count.value) })),
    });
  }
  if (message.failures && message.failures.total > 0) {
    body.push(
      { type: 'TextBlock', text: failuresHeading(message.failures), weight: 'Bolder', wrap: true },
      {
        type: 'TextBlock',
        text: failureLines(message.failures)
          .map((line) => `- ${line}`)
          .join('\n'),
        wrap: true,
        spacing: 'Small',
      },
    );
  }
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          ...(message.link
            ? { actions: [{ type: 'Action.OpenUrl', title: message.link.label, url: message.link.url }] }
            : {}),
        },
      },
    ],
  };
}
