/**
 * 'Add from links' (SPEC §4): the server fetches a pasted image address, because the browser cannot
 * under our CSP and most hosts' CORS. Guarded against server-side request forgery: http(s) only, every
 * hop's address checked against private ranges, few redirects, a size cap and a timeout.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { badRequest, HttpError } from '../../http/errors.js';
import { IMAGE_MAX_BYTES, toWebp } from './store.js';

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

function ipv4Private(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) return ipv4Private(address);
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Private(mapped[1]!);
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

async function assertPublicHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw badRequest(`The link's host ${url.hostname} could not be found.`);
  if (addresses.some(isPrivateAddress)) throw badRequest('That link points to a private network address.');
}

function parseLink(link: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    throw badRequest('Invalid field "url": it must be a web address starting with http:// or https://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest('Invalid field "url": it must be a web address starting with http:// or https://.');
  }
  return url;
}

async function readCapped(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > IMAGE_MAX_BYTES)
    throw new HttpError(413, `The linked image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > IMAGE_MAX_BYTES) {
      await reader.cancel();
      throw new HttpError(413, `The linked image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Downloads the image a link names and re-encodes it to .webp. */
export async function fetchImageFromLink(link: string, allowPrivate: boolean): Promise<Buffer> {
  let url = parseLink(link);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (!allowPrivate) await assertPublicHost(url);
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'image/*' },
      });
    } catch {
      throw new HttpError(502, `The link ${url.hostname} did not answer.`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = parseLink(location, url);
      continue;
    }
    if (!response.ok) throw new HttpError(502, `The link answered with status ${response.status}.`);
    const data = await readCapped(response);
    const filename = decodeURIComponent(url.pathname.split('/').pop() || 'linked image');
    return toWebp({ filename, data });
  }
  throw new HttpError(502, 'The link redirected too many times.');
}
