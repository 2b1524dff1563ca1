import type { WebhookFormat } from '@verdict/contract';
import type { ChatMessage } from './chat-message.ts';
import { discordMessage } from './discord.ts';
import { googleChatMessage } from './google-chat.ts';
import { slackMessage } from './slack.ts';
import { teamsMessage } from './teams.ts';

type ChatFormat = Exclude<WebhookFormat, 'json'>;

const WRITERS: Record<ChatFormat, (message: ChatMessage) => object> = {
  slack: slackMessage,
  teams: teamsMessage,
  'google-chat': googleChatMessage,
  discord: discordMessage,
};

/** The body a chat-format endpoint is sent: the message in its service's shape, as JSON text. */
export function chatBody(format: ChatFormat, message: ChatMessage): string {
  return JSON.stringify(WRITERS[format](message));
}
