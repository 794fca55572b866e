import ipaddr from 'ipaddr.js';

/**
 * The client a per-client limit counts against, from `request.ip` (which honours TRUST_PROXY): an IPv4
 * address as is (also when written as IPv4-mapped IPv6, in either notation), an IPv6 address by its /64
 * network, since one subscriber is usually handed a whole /64 and could otherwise take a fresh address
 * for every request. Anything that is not an address (a forged forwarded header) is cut to size, so it
 * can be stored and compared but never grow unbounded.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%', 1)[0] ?? '';
  if (!ipaddr.isValid(address)) return ip.slice(0, 64) || 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const groups = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${groups.join(':')}::/64`;
}
