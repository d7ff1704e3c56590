/**
 * The client's address behind a proxy (TRUST_PROXY). Off by default: the address is the connection's, which
 * behind a load balancer is the balancer's for every user, so the /login limit and the sign-in throttle would
 * count them all together. Set, Fastify reads X-Forwarded-For through the trusted proxies, and `request.ip`
 * (the limits, the throttle, the logs) is the client's.
 */
import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/** true: every proxy; a number: that many hops in front of the api; addresses or CIDR ranges: those proxies only. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for ranges, accepted in the list like Fastify accepts them. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits) || isIP(bits) !== 0;
}

/** TRUST_PROXY as Fastify's trustProxy takes it: true/false, a hop count, or a comma-separated list of addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined || entries.length === 0) {
    throw new Error(`TRUST_PROXY must be true, false, a number of proxies or a list of their addresses, got '${wrong ?? value}'`);
  }
  return entries;
}

/**
 * Fastify's option. A hop count is given as a function: Fastify 5 now reads a bare number as trusting no one
 * (it cannot tell the proxy from a client that sends the header itself), while here the operator states that
 * this many proxies stand in front of every request.
 */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return trust === 0 ? false : (_address: string, hop: number) => hop < trust;
  return trust;
}
