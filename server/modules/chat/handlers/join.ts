/** Being in rooms: the user's own list (registerUser, getChats) and a chat's room (joinChat, leaveChat). */
import {
  chatEventSchema,
  getChatsEventSchema,
  registerUserEventSchema,
} from '../../../../shared/schemas/chat.js';
import { assertOwn, type ChatEventContext, chatRoom, parse, pushChat } from './kit.js';

export function handleJoinEvents(context: ChatEventContext): void {
  const { socket, chat, me, on } = context;

  // The socket joined its user room on connect; the list is getChats' answer alone.
  on('registerUser', async (payload) => {
    assertOwn(socket, parse(registerUserEventSchema, payload).userId);
  });

  on('getChats', async (payload) => {
    assertOwn(socket, parse(getChatsEventSchema, payload).participantId);
    socket.emit('chatsList', await chat.listChats(me));
  });

  on('joinChat', async (payload) => {
    const { chatId } = parse(chatEventSchema, payload);
    const messages = await chat.history(chatId, me);
    await socket.join(chatRoom(chatId));
    socket.emit('chatHistory', { chatId, messages });
    await chat.markRead(chatId, me);
    await pushChat(context, chatId, [me]);
  });

  on('leaveChat', async (payload) => {
    const { chatId } = parse(chatEventSchema, payload);
    // Refused like every other event for a chat that is not the user's, so none behaves differently.
    if (!socket.rooms.has(chatRoom(chatId))) await chat.accessibleChat(chatId, me);
    await socket.leave(chatRoom(chatId));
  });
}
