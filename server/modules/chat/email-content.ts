/**
 * What a chat e-mail says (issue 18), as MailContent data: plain text only, since the mail sender escapes
 * every value (a buyer's name or message can never become markup).
 */
import { chatLastMessageText } from '../../../shared/rules/chat.js';
import type { ChatMessageRow, ChatRow } from '../../db/types.js';
import type { MailContent } from '../mail/index.js';
import { presentMessage } from './presenter.js';
import type { NoticeSide } from './repository.js';

/** How the seller is named to a buyer (the seller has no display name of their own in the chat). */
export const SELLER_NAME = 'The seller';

export interface ChatEmailFacts {
  chat: ChatRow;
  side: NoticeSide;
  /** The newest unread messages not yet e-mailed, oldest first. */
  messages: ChatMessageRow[];
  /** How many such messages there are in all (more than shown when the chat ran long). */
  total: number;
  /** Where a buyer turns these e-mails off: /account, made absolute with PUBLIC_URL when it is set. */
  accountUrl: string;
}

/** The chat's own page: /chat/{id} is the same screen for the buyer and the seller (client/routes.tsx). */
export const chatPath = (chatId: number) => `/chat/${chatId}`;

export function chatEmailContent({ chat, side, messages, total, accountUrl }: ChatEmailFacts): MailContent {
  const writer = side === 'buyer' ? SELLER_NAME : chat.buyer_name;
  const earlier = total - messages.length;
  const paragraphs = [
    total === 1
      ? `${writer} wrote to you about ${chat.title}, and you have not read it yet.`
      : `${writer} wrote ${total} messages to you about ${chat.title} that you have not read yet.`,
    ...(earlier > 0
      ? [`The ${messages.length} newest are below; open the chat for the ${earlier} before them.`]
      : []),
  ];
  if (side === 'buyer') {
    paragraphs.push(
      `You can turn off these e-mails in My Account (${accountUrl}). E-mails about your orders always go.`,
    );
  }
  return {
    subject:
      side === 'buyer' ? `New message about ${chat.title}` : `${chat.buyer_name} wrote about ${chat.title}`,
    heading: side === 'buyer' ? 'The seller wrote to you' : `New message from ${chat.buyer_name}`,
    paragraphs,
    lines: messages.map((row) => {
      const message = presentMessage(row);
      return { label: writer, value: chatLastMessageText(message.content, message.images.length) };
    }),
    action: { label: 'Open the chat', href: chatPath(chat.id) },
  };
}
