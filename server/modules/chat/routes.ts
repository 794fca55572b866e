import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_IMAGE_NAME,
  chatIdParamsSchema,
  chatIdSchema,
  chatUploadResponseSchema,
  startChatBodySchema,
  startChatResponseSchema,
} from '../../../shared/schemas/chat.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses, imageResponse, tagRoutes, uploadedFile } from '../../http/openapi.js';
import { readMultipartForm } from '../../http/multipart.js';
import { registerMultipart } from '../../plugins/multipart.js';
import { assertOwnGoogleId, currentBuyer, requireBuyer } from '../buyers/index.js';
import type { ChatService } from './service.js';

const imageParamsSchema = z.object({
  chatId: chatIdSchema,
  name: z.string().regex(CHAT_IMAGE_NAME, { error: 'must be the name of an uploaded chat image' }),
});

/** The chat's HTTP calls (docs/product.md §7); everything else about a chat goes over the socket (socket.ts). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  requireBuyer(app);
  tagRoutes(app, 'chat');
  await registerMultipart(app);

  app.post(
    '/api/chats',
    {
      schema: {
        summary: 'Starts (or finds) the buyer’s chat with the seller about an open-box product',
        operationId: 'startChat',
        body: startChatBodySchema,
        response: { 200: startChatResponseSchema, ...errorResponses(403, 404, 429) },
      },
    },
    async (request) => {
      const buyer = assertOwnGoogleId(request, request.body.buyerGoogleId);
      // buyer_name is accepted (the product doc's body) but the name comes from the session token.
      const { productId, store } = request.body;
      return { id: await chat.startChat(buyer, { productId, store }) };
    },
  );

  app.post(
    '/api/chats/:chatId/upload',
    {
      schema: {
        summary: 'Uploads an image to send in a chat message',
        operationId: 'uploadChatImage',
        params: chatIdParamsSchema,
        consumes: ['multipart/form-data'],
        documentedBody: z.object({ image: uploadedFile }),
        response: { 200: chatUploadResponseSchema, ...errorResponses(403, 404, 429) },
      },
    },
    async (request) => {
      // Before the body is read: someone else's upload, or one over the user's quota, is refused without
      // taking it in.
      await chat.admitUpload(request.params.chatId, currentBuyer(request).sub);
      const { files } = await readMultipartForm(request, 'image', { files: 1 });
      if (files.length !== 1) throw badRequest('Attach exactly one image in the field "image".');
      return { filePath: await chat.storeImage(request.params.chatId, files[0]!) };
    },
  );

  app.get(
    '/api/chats/:chatId/images/:name',
    {
      schema: {
        summary: 'An image of a chat, for its two participants',
        operationId: 'getChatImage',
        params: imageParamsSchema,
        response: { 200: imageResponse, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const { chatId, name } = request.params;
      await chat.accessibleChat(chatId, currentBuyer(request).sub);
      const file = await chat.imageFile(chatId, name);
      if (file === undefined) return reply.code(404).send({ error: 'There is no such image in this chat.' });
      // A stored name is never reused for other bytes, so the browser may keep it; shared caches may not.
      reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        // The answer depends on who asks: a cache must never hand one participant's copy to another caller.
        .header('Vary', 'Authorization')
        .header('Cache-Control', 'private, max-age=31536000, immutable');
      return reply.send(await fs.readFile(file));
    },
  );
};
