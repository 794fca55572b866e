/** Who is looking at the chat: the signed-in user's id, and whether they are the seller (docs/product.md §6). */
import { useAuth } from '../session/useAuth.js';
import { useAccountRoleQuery } from './api/accountRole.js';

export interface ChatViewer {
  userId: string;
  /**
   * Whether the signed-in user is the seller (SELLER_USER_ID), as the server says of them
   * (GET /api/account/role); a chat's own seller_google_id wins where known.
   */
  isSeller: boolean;
}

export function useChatViewer(): ChatViewer {
  const { user } = useAuth();
  const userId = user?.sub ?? '';
  const { data: role } = useAccountRoleQuery(userId);
  return { userId, isSeller: role?.seller ?? false };
}
