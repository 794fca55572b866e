/** typing and stopTyping: relayed to the other party in the chat's room, never stored. */
import { typingEventSchema } from '../../../../shared/schemas/chat.js';
import { assertOwn, type ChatEventContext, chatRoom, parse, userRoom } from './kit.js';

export function handleTypingEvents({ socket, chat, me, on }: ChatEventContext): void {
  for (const event of ['typing', 'stopTyping'] as const) {
    on(event, async (payload) => {
      const { chatId, userId } = parse(typingEventSchema, payload);
      assertOwn(socket, userId);
      // Joining checked access; a socket outside the room is checked here (no database per keystroke).
      if (!socket.rooms.has(chatRoom(chatId))) await chat.accessibleChat(chatId, me);
      // Only the other party: not this socket, nor this user's other tabs.
      socket.to(chatRoom(chatId)).except(userRoom(me)).emit(event, { chatId, userId });
    });
  }
}
