/**
 * The price-source seam (issue 29; price-sources/README.md), modelled on the payment providers': one
 * file per source, listed once in registry.ts. A source reads the current price and availability of up
 * to MAX_ITEMS_PER_CALL items of one marketplace per call; the refresh (refresh.ts) decides which
 * products, how often and how fast.
 */
import type { z } from 'zod';

/** Items one call may ask for. */
export const MAX_ITEMS_PER_CALL = 10;

/** What a source says of one item. */
export type ItemRead =
  | { asin: string; status: 'found'; priceCents: number | undefined; inStock: boolean }
  | { asin: string; status: 'not-found' | 'not-accessible' };

export interface PriceSource {
  /** Its name in sentences, e.g. "Amazon Creators API". */
  readonly label: string;
  /** The marketplace host whose product links it reads, e.g. www.amazon.com. */
  readonly marketplace: string;
  /**
   * Reads the items (at most MAX_ITEMS_PER_CALL). An item it says nothing of is missing from the answer.
   * Throws PriceSourceError when the source refuses, fails, times out or answers something unreadable.
   */
  readItems(asins: readonly string[]): Promise<ItemRead[]>;
}

/** The source failed: nothing it said is applied. `retryLater` for 429 and 5xx (back off, go on later). */
export class PriceSourceError extends Error {
  readonly status: number | undefined;
  readonly retryLater: boolean;

  constructor(message: string, options: { cause?: unknown; status?: number; retryLater?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryLater = options.retryLater ?? false;
  }
}

/** One source: its variables, when it is on, what it refuses, and how it is built. */
export interface PriceSourceDefinition<Env extends z.ZodRawShape> {
  name: string;
  label: string;
  /** Its own environment variables, merged into the configuration schema (config.ts). */
  env: Env;
  /** Whether the settings turn it on (all of its credentials set). */
  configured(settings: z.output<z.ZodObject<Env>>): boolean;
  /** Sentences refusing the settings at start-up, by variable (e.g. half the credentials set). */
  problems(settings: z.output<z.ZodObject<Env>>): { variable: string; message: string }[];
  /** The marketplace host its settings name. */
  marketplace(settings: z.output<z.ZodObject<Env>>): string;
  create(settings: z.output<z.ZodObject<Env>>, options: { now: () => number }): PriceSource;
}

export function definePriceSource<Env extends z.ZodRawShape>(
  definition: PriceSourceDefinition<Env>,
): PriceSourceDefinition<Env> {
  return definition;
}
