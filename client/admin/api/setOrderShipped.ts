/**
 * PATCH /api/admin-purchases/{payment_id}/shipped {shipped, postal_service, tracking_number} (docs/product.md §4
 * "Admin order shipping"): on success the order is updated in every cached page that holds it; on
 * failure nothing cached changes and the error says the shipping status could not be updated (docs/product.md §8).
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { shippedBodySchema } from '../../../shared/schemas/buying.js';
import { okSchema } from '../../../shared/schemas/common.js';
import type { AdminOrdersPage } from './adminOrders.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export type ShippingUpdate = z.input<typeof shippedBodySchema> & { payment_id: string };

export const SHIPPING_UPDATE_FAILED = 'Could not update shipping status';

export async function setOrderShipped({ payment_id, ...body }: ShippingUpdate): Promise<void> {
  try {
    await adminFetchJson(`/api/admin-purchases/${encodeURIComponent(payment_id)}/shipped`, okSchema, {
      method: 'PATCH',
      json: body,
    });
  } catch (cause) {
    const reason = cause instanceof Error ? `: ${cause.message}` : '';
    throw new Error(`${SHIPPING_UPDATE_FAILED}${reason}`, { cause });
  }
}

/** The cached page with one order replaced by what the server now holds. */
export function withShipping(page: AdminOrdersPage, update: ShippingUpdate): AdminOrdersPage {
  return {
    ...page,
    orders: page.orders.map((order) =>
      order.payment_id === update.payment_id
        ? {
            ...order,
            shipped: update.shipped,
            postal_service: update.postal_service ?? '',
            tracking_number: update.tracking_number ?? '',
          }
        : order,
    ),
  };
}

/** What the toggle runs; apart from the hook so it can be tested against a bare QueryClient. */
export function setOrderShippedOptions(queryClient: QueryClient) {
  return {
    mutationFn: setOrderShipped,
    onSuccess: (_nothing: void, update: ShippingUpdate) => {
      queryClient.setQueriesData<AdminOrdersPage>({ queryKey: adminKeys.orders }, (page) =>
        page ? withShipping(page, update) : page,
      );
    },
    onError: (error: Error) => console.error(error),
  };
}

export function useSetOrderShippedMutation() {
  return useMutation(setOrderShippedOptions(useQueryClient()));
}
