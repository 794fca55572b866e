/** The chat module's front door: what plugins/chat.ts wires, plugins/limits.ts sizes and app.ts schedules. */
export { chatRoutes } from './routes.js';
export { type ChatService, createChatService } from './service.js';
export { type ChatEmailNotices, createChatEmailNotices, scheduleChatEmailNotices } from './email-notices.js';
export { attachChatSocket, CHAT_SOCKETS_PER_USER, type ChatSocketOptions, connectedCheck } from './socket.js';
export { scheduleUnsentImageSweep } from './sweep.js';
