/**
 * 'Add from links' (SPEC §4): the server fetches a pasted image address, because the browser cannot
 * under our CSP and most hosts' CORS. Guarded against server-side request forgery: http(s) only; the
 * address of every connection is checked when it is made (so DNS rebinding cannot swap it after a
 * check); few redirects; a size cap and a timeout; and one answer for every failure, so the endpoint
 * cannot be used to map which internal ports answer.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { IMAGE_MAX_BYTES, toWebp } from './store.js';

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;
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

function fetchOnce(url: URL, allowPrivate: boolean): Promise<Fetched> {
  // A literal IP skips the lookup, so check it here too.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && isPrivateAddress(host)) {
    return Promise.reject(new PrivateAddressError());
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { lookup: guardedLookup(allowPrivate), timeout: TIMEOUT_MS, headers: { accept: 'image/*' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
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
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

class TooLargeError extends Error {}

function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').pop() || 'linked image';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Downloads the image a link names and re-encodes it to .webp. */
export async function fetchImageFromLink(link: string, allowPrivate: boolean): Promise<Buffer> {
  let url = parseLink(link);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    let fetched: Fetched;
    try {
      fetched = await fetchOnce(url, allowPrivate);
    } catch (error) {
      if (error instanceof PrivateAddressError) throw badRequest(PRIVATE_ADDRESS);
      if (error instanceof TooLargeError) {
        throw new HttpError(413, `The linked image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
      }
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
}
