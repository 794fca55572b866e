/** The chat module's front door: what plugins/chat.ts wires and plugins/limits.ts sizes. */
export { chatRoutes } from './routes.js';
export { type ChatService, createChatService } from './service.js';
export { attachChatSocket, CHAT_SOCKETS_PER_USER, type ChatSocketOptions } from './socket.js';
export { scheduleUnsentImageSweep } from './sweep.js';
