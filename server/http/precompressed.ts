/**
 * Answers compressed once and sent many times: the catalogue's cached answers (catalog/freshness.ts),
 * the full product list (catalog/full-list.ts) and the shop pages (seo/index-page.ts). @fastify/compress
 * compresses every answer again as it goes out, which for the same bytes sent over and over cost ten
 * times what sending them does (bench/README.md, bench:http). The coding is chosen and made as
 * @fastify/compress chooses and makes it for every other answer, so a browser sees one behaviour.
 */
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Bytes to send as they are or compressed, each coding made on first use and kept with them. */
export class Precompressed {
  private readonly coded: Partial<Record<ListCoding, Promise<Buffer>>> = {};

  constructor(readonly plain: Buffer) {}

  /** What keeping it costs: the copies are each well under a quarter of the plain bytes (text, 4:1). */
  get size(): number {
    return Math.ceil(this.plain.length * 1.5);
  }

  /** The bytes in `coding`; a failure is not kept, the next answer tries again. */
  body(coding: ListCoding): Promise<Buffer> {
    let body = this.coded[coding];
    if (!body) {
      body = compressed(this.plain, coding);
      this.coded[coding] = body;
      body.catch(() => {
        if (this.coded[coding] === body) delete this.coded[coding];
      });
    }
    return body;
  }

  /**
   * Sends it in the coding the request accepts (over COMPRESS_THRESHOLD), with the headers
   * @fastify/compress would write; already coded, it passes through that plugin as it is.
   */
  async send(request: FastifyRequest, reply: FastifyReply, contentType: string): Promise<FastifyReply> {
    reply.type(contentType);
    const coding = this.plain.length >= COMPRESS_THRESHOLD ? acceptedCoding(request) : undefined;
    if (!coding) return reply.send(this.plain);
    const body = await this.body(coding);
    return reply.header('vary', 'accept-encoding').header('content-encoding', coding).send(body);
  }
}
