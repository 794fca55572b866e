/**
 * The content codings the catalogue's own compressed answers use (the full list, full-list.ts, and the
 * cached answers of every other catalogue GET, freshness.ts), chosen and made as @fastify/compress
 * chooses and makes them for every other answer, so a browser sees one behaviour.
 */
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

export type ListCoding = 'br' | 'gzip';
export const CODINGS: readonly ListCoding[] = ['br', 'gzip'];

/** Brotli quality 4, as @fastify/compress uses: 11 would take many times longer for a few % less. */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** @fastify/compress's threshold (plugins/compress.ts): smaller answers go out as they are. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The coding to answer in (the app offers br, then gzip; `*` and x-gzip count as gzip); undefined for
 * plain JSON.
 */
export function acceptedCoding(request: FastifyRequest): ListCoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return undefined;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...CODINGS]) ?? undefined;
}

/** `bytes` compressed in `coding`, on libuv's threads (the event loop goes on meanwhile). */
export function compressed(bytes: Buffer, coding: ListCoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br') zlib.brotliCompress(bytes, BROTLI_OPTIONS, done);
    else zlib.gzip(bytes, done);
  });
}
