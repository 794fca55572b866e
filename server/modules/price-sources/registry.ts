/**
 * Every price source, listed once (price-sources/README.md says how to add one). The variables each
 * adds to the configuration and the start banner's words come from this list; the first configured
 * source is the one that runs.
 */
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { amazonCreators } from './amazon-creators.js';
import type { PriceSource, PriceSourceDefinition } from './source.js';

export const PRICE_SOURCES = [amazonCreators] as const;

type Definition = (typeof PRICE_SOURCES)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** Every source's own variables, for the configuration schema (config.ts). */
export const PRICE_SOURCES_ENV = Object.assign(
  {},
  ...PRICE_SOURCES.map((source) => source.env),
) as UnionToIntersection<Definition['env']>;

const definitions = PRICE_SOURCES as readonly PriceSourceDefinition<z.ZodRawShape>[];

/** Sentences refusing a configuration, for config.ts's check at start-up. */
export function priceSourceProblems(
  settings: Record<string, unknown>,
): { variable: string; message: string }[] {
  return definitions.flatMap((source) => source.problems(settings as never));
}

/** The source the configuration turns on, if any. */
export function configuredPriceSource(config: Config): PriceSourceDefinition<z.ZodRawShape> | undefined {
  return definitions.find((source) => source.configured(config as never));
}

/** The running source (built with the clock it reads token lifetimes by), or undefined: prices are left as typed. */
export function createPriceSource(config: Config, now: () => number = Date.now): PriceSource | undefined {
  return configuredPriceSource(config)?.create(config as never, { now });
}
