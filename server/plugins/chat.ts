import type { FastifyInstance } from 'fastify';
import {
  attachChatSocket,
  chatRoutes,
  type ChatService,
  type ChatSocketOptions,
  connectedCheck,
  createChatEmailNotices,
  createChatService,
} from '../modules/chat/index.js';

/**
 * The chat: one service behind both its HTTP routes and its socket (attached to the app's own HTTP
 * server, so registered after the routes). Answers the service (for the image sweep) and the socket
 * server (for the metrics), and the e-mails of unread messages (scheduled by app.ts), which look for
 * the recipient's open sockets through that server.
 */
export async function registerChat(app: FastifyInstance, limits: ChatSocketOptions) {
  const chat: ChatService = createChatService({ ...app.deps, limiter: limits.limiter });
  await app.register(chatRoutes, { chat });
  const io = attachChatSocket(app, chat, limits);
  const emailNotices = createChatEmailNotices({ ...app.deps, isConnected: connectedCheck(io) });
  return { chat, io, emailNotices };
}
