import type { FastifyRequest } from 'fastify';

const LOCAL_HOSTS = /^(localhost|[\w-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

function isLoopbackHost(hostname: string): boolean {
  return LOCAL_HOSTS.test(hostname.toLowerCase().replace(/\.$/, ''));
}

const SECURE_CONTEXT_HEADERS = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
});

/**
 * Cross-Origin-Opener-Policy and Origin-Agent-Cluster, only where they take effect: on an origin the
 * browser treats as potentially trustworthy, that is over HTTPS (as the client saw it, so
 * X-Forwarded-Proto counts when TRUST_PROXY trusts the sender) or at a loopback host name. On any other origin
 * (the site opened by its LAN address over plain HTTP) browsers ignore both and log an error for each
 * page, noise that hides real errors. Helmet's own copies of these two are turned off in plugins/helmet.ts,
 * whose hook sends what this returns for a request (undefined: none). The last host name's answer is
 * kept: nearly every request names the same one.
 */
export function secureContextHeaders(): (
  request: FastifyRequest,
) => Readonly<Record<string, string>> | undefined {
  let lastHost: string | undefined;
  let lastAnswer = false;
  return (request) => {
    if (request.protocol === 'https') return SECURE_CONTEXT_HEADERS;
    const { hostname } = request;
    if (hostname !== lastHost) {
      lastAnswer = isLoopbackHost(hostname);
      lastHost = hostname;
    }
    return lastAnswer ? SECURE_CONTEXT_HEADERS : undefined;
  };
}
