/** Who is looking at the chat: the signed-in user's id, and whether they are the seller (docs/product.md §6). */
import { usePublicConfig } from '../endpoints/config.js';
import { useAuth } from '../session/useAuth.js';
import { isSellerViewer } from './chatRules.js';

export interface ChatViewer {
  userId: string;
  /** The seller by the configured SELLER_USER_ID; a chat's own seller_google_id wins where known. */
  sellerId: string | null;
  isSeller: boolean;
}

export function useChatViewer(): ChatViewer {
  const { user } = useAuth();
  const { data: config } = usePublicConfig();
  const userId = user?.sub ?? '';
  const sellerId = config?.sellerUserId ?? null;
  return { userId, sellerId, isSeller: isSellerViewer(userId, sellerId) };
}
