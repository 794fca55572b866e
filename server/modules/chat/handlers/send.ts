/** sendMessage: stored, then told to the chat's room and every participant's tabs, then acknowledged. */
import { sendMessageEventSchema } from '../../../../shared/schemas/chat.js';
import { assertOwn, type ChatEventContext, chatRoom, parse, pushChat, userRoom } from './kit.js';

export function handleSendEvents(context: ChatEventContext): void {
  const { io, socket, chat, me, on } = context;
  on('sendMessage', async (payload, ack) => {
    const event = parse(sendMessageEventSchema, payload);
    assertOwn(socket, event.senderGoogleId);
    // Stored first: whoever receives newMessage (or the ack) can reload it from the database.
    const { message, participants, stored } = await chat.sendMessage(me, event);
    // A resend of a stored message is only acknowledged: everyone was told of it the first time.
    if (!stored) return ack?.({ ok: true, message });
    io.to([chatRoom(message.chat_id), ...participants.map(userRoom)]).emit('newMessage', message);
    ack?.({ ok: true, message });
    await pushChat(context, message.chat_id, participants);
  });
}
