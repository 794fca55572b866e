/**
 * POST /api/chats (docs/product.md §7): the buyer opens (or reopens) the chat about a product, then the floating
 * chat shows it. A failure is logged only (docs/product.md §8).
 */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { startChatBodySchema, startChatResponseSchema } from '../../../shared/schemas/chat.js';
import type { ShopKey } from '../../../shared/shops.js';
import { buyerFetch } from '../../session/buyerFetch.js';
import { useAuth } from '../../session/useAuth.js';
import { requestOpenChat } from '../openChatRequest.js';

type StartChatBody = z.infer<typeof startChatBodySchema>;
type StartChatResponse = z.infer<typeof startChatResponseSchema>;

export function startChat(body: StartChatBody): Promise<StartChatResponse> {
  return buyerFetch<StartChatResponse>('/api/chats', { method: 'POST', json: body });
}

export interface ChatAbout {
  productId: number;
  title: string;
  store: ShopKey;
}

export function useStartChat() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ productId, title, store }: ChatAbout) => {
      if (!user) throw new Error('Please log in to your account');
      return startChat({ productId, title, store, buyer_name: user.name, buyerGoogleId: user.sub });
    },
    onSuccess: ({ id }) => requestOpenChat(id),
    onError: (error) => console.error('The chat could not be started:', error),
  });
}
