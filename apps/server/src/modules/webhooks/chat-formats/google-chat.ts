import { type ChatMessage, cut, failureLines, failuresHeading } from './chat-message.ts';

/**
 * A Google Chat message (developers.google.com/workspace/chat/api/reference/rest/v1/cards): `text`
 * for notifications and one card in `cardsV2` with the title as its header, the counts as
 * decorated texts, the new failures as a paragraph and a button to the page.
 */

/** A text paragraph reads a few HTML tags; names must stay text. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function googleChatMessage(message: ChatMessage): object {
  const sections: object[] = [];
  if (message.counts.length > 0) {
    sections.push({
      widgets: message.counts.map((count) => ({
        decoratedText: { topLabel: count.name, text: String(count.value) },
      })),
    });
  }
  if (message.failures && message.failures.total > 0) {
    sections.push({
      header: failuresHeading(message.failures),
      widgets: [{ textParagraph: { text: failureLines(message.failures).map(escaped).join('<br>') } }],
    });
  }
  if (message.link) {
    sections.push({
      widgets: [
        {
          buttonList: {
            buttons: [{ text: message.link.label, onClick: { openLink: { url: message.link.url } } }],
          },
        },
      ],
    });
  }
  // A card needs a section; a one-line message has no counts, failures or link to show.
  if (sections.length === 0)
    sections.push({ widgets: [{ textParagraph: { text: escaped(message.summary) } }] });
  return {
    text: cut(`${message.title}: ${message.summary}`, 4000),
    cardsV2: [
      {
        cardId: 'verdict',
        card: { header: { title: message.title, subtitle: message.summary }, sections },
      },
    ],
  };
}
