/** markAsRead: the user's unread count for a chat drops to zero, in every tab of theirs. */
import { chatEventSchema } from '../../../../shared/schemas/chat.js';
import { type ChatEventContext, parse, pushChat } from './kit.js';

export function handleReadEvents(context: ChatEventContext): void {
  const { chat, me, on } = context;
  on('markAsRead', async (payload) => {
    const { chatId } = parse(chatEventSchema, payload);
    await chat.markRead(chatId, me);
    await pushChat(context, chatId, [me]);
  });
}
