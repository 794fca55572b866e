/**
 * 'Add from links' (docs/product.md §4): the server fetches a pasted image address, because the browser cannot
 * under our CSP and most hosts' CORS. Guarded against server-side request forgery: http(s) only; the
 * address of every connection is checked when it is made (so DNS rebinding cannot swap it after a
 * check); few redirects; a size cap; and one answer for every failure but the deadline, so the endpoint
 * cannot be used to map which internal ports answer (a private address is refused before any connection,
 * so "too slow" only ever describes a public host). Guarded against being held: one deadline covers the whole link
 * (waiting for a turn, connecting, headers, redirects and every byte of the body), so a server that
 * drips a byte a second cannot keep a request open, and only a few links are fetched at once.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { IMAGE_MAX_BYTES, toWebp } from './store.js';

const MAX_REDIRECTS = 3;
const PRIVATE_ADDRESS = 'That link points to a private network address.';
const NO_IMAGE = 'The link did not lead to an image we can use.';

/** True for anything but a public unicast address; IPv4-mapped IPv6 is judged as the IPv4 inside. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  return ipaddr.process(address).range() !== 'unicast';
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const blocked = !allowPrivate && list.some((entry) => isPrivateAddress(entry.address));
      if (blocked || list.length === 0) return callback(new PrivateAddressError(), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

class PrivateAddressError extends Error {}

function parseLink(link: string, base?: URL): URL {
  let url: URL | undefined;
  try {
    url = new URL(link, base);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw badRequest('Invalid field "url": it must be a web address starting with http:// or https://.');
  }
  return url;
}

interface Fetched {
  status: number;
  location?: string;
  body?: Buffer;
}

class TooLargeError extends Error {}
class DeadlineError extends Error {}

function fetchOnce(url: URL, allowPrivate: boolean, deadline: AbortSignal): Promise<Fetched> {
  // A literal IP skips the lookup, so check it here too.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && isPrivateAddress(host)) {
    return Promise.reject(new PrivateAddressError());
  }
  if (deadline.aborted) return Promise.reject(new DeadlineError());
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Fetched>((resolve, reject) => {
    const request = client.get(
      url,
      { lookup: guardedLookup(allowPrivate), headers: { accept: 'image/*' } },
      (response) => {
        response.on('error', reject);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          return resolve({ status, location: response.headers.location });
        }
        if (Number(response.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES) {
          response.destroy();
          return reject(new TooLargeError());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > IMAGE_MAX_BYTES) {
            response.destroy();
            reject(new TooLargeError());
          } else {
            chunks.push(chunk);
          }
        });
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    // Destroying the request also ends a response that is still arriving.
    const onDeadline = () => {
      reject(new DeadlineError());
      request.destroy();
    };
    deadline.addEventListener('abort', onDeadline, { once: true });
    request.on('close', () => deadline.removeEventListener('abort', onDeadline));
  });
}

function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').pop() || 'linked image';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const BUSY = 'Too many linked images are being fetched at once; try again in a moment.';

/**
 * At most `max` holders at once; up to `maxWaiting` more wait in order for a turn (the admin page sends
 * every pasted link at once, so refusing the fifth link at once would fail ordinary pastes). A waiter
 * whose deadline passes, or one more than that, is answered 503.
 */
class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number,
  ) {}

  async take(deadline: AbortSignal): Promise<() => void> {
    if (this.running < this.max) {
      this.running += 1;
      return this.release();
    }
    if (this.waiting.length >= this.maxWaiting || deadline.aborted) throw new HttpError(503, BUSY);
    await new Promise<void>((resolve, reject) => {
      const onDeadline = () => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(new HttpError(503, BUSY));
      };
      const grant = () => {
        deadline.removeEventListener('abort', onDeadline);
        resolve();
      };
      this.waiting.push(grant);
      deadline.addEventListener('abort', onDeadline, { once: true });
    });
    // The releasing holder handed its turn over without lowering `running`.
    return this.release();
  }

  private release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }
}

export interface LinkFetcherOptions {
  /** Let links reach private network addresses (IMAGE_LINKS_ALLOW_PRIVATE: local use and tests). */
  allowPrivate: boolean;
  /** The whole time one link may take, waiting for a turn included. */
  deadlineMs?: number;
  /** Links fetched at once by this app. */
  maxParallel?: number;
  /** Links that may wait for a turn; more are refused at once. */
  maxWaiting?: number;
}

export const LINK_DEADLINE_MS = 15_000;
export const LINK_MAX_PARALLEL = 4;
/** Room for a whole gallery's worth of pasted links (IMAGE_MAX_FILES) behind the ones running. */
const LINK_MAX_WAITING = 16;

/** Makes the one link fetcher of an app: downloads the image a link names and re-encodes it to .webp. */
export function createLinkFetcher(options: LinkFetcherOptions): (link: string) => Promise<Buffer> {
  const deadlineMs = options.deadlineMs ?? LINK_DEADLINE_MS;
  const turns = new Turns(options.maxParallel ?? LINK_MAX_PARALLEL, options.maxWaiting ?? LINK_MAX_WAITING);
  const tooSlow = `The linked server did not send the image within ${deadlineMs / 1000} seconds.`;

  return async (link) => {
    let url = parseLink(link);
    const deadline = AbortSignal.timeout(deadlineMs);
    const release = await turns.take(deadline);
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        let fetched: Fetched;
        try {
          fetched = await fetchOnce(url, options.allowPrivate, deadline);
        } catch (error) {
          if (error instanceof PrivateAddressError) throw badRequest(PRIVATE_ADDRESS);
          if (error instanceof TooLargeError) {
            throw new HttpError(413, `The linked image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
          }
          if (error instanceof DeadlineError) throw new HttpError(504, tooSlow);
          throw badRequest(NO_IMAGE);
        }
        if (fetched.location) {
          url = parseLink(fetched.location, url);
          continue;
        }
        if (fetched.status !== 200 || !fetched.body) throw badRequest(NO_IMAGE);
        try {
          return await toWebp({ filename: fileNameOf(url), data: fetched.body });
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 413) throw error;
          throw badRequest(NO_IMAGE);
        }
      }
      throw badRequest(NO_IMAGE);
    } finally {
      release();
    }
  };
}
