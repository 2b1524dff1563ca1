import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may point (docs/product/webhooks.md, "Addresses"). Without
 * WEBHOOK_ALLOW_PRIVATE, every address the host name resolves to must be a public unicast one:
 * a webhook must not let a project manager make the server call its own loopback, the private
 * network it sits in or a cloud metadata address (169.254.169.254).
 */

export class WebhookAddressError extends Error {}

export interface CheckedAddress {
  url: URL;
  /** The address to connect to: the one checked, so a second DNS answer cannot move the call. */
  address: string;
  family: 4 | 6;
}

/**
 * The IPv4 address an IPv6 one carries, by the forms that carry one: IPv4-compatible (::/96),
 * IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96 and the
 * local 64:ff9b:1::/48, the address in the last 32 bits), 6to4 (2002::/16, bits 16–47) and Teredo
 * (2001::/32, the client's address inverted in the last 32 bits). Null for any other address.
 */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && (p[5] === 0 || p[5] === 0xffff)) return fromWords(p[6]!, p[7]!);
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return fromWords(p[6]!, p[7]!);
  if (p[0] === 0x64 && p[1] === 0xff9b && (zeros(2, 6) || p[2] === 1)) return fromWords(p[6]!, p[7]!);
  if (p[0] === 0x2002) return fromWords(p[1]!, p[2]!);
  if (p[0] === 0x2001 && p[1] === 0) return fromWords(p[6]! ^ 0xffff, p[7]! ^ 0xffff);
  return null;
}

/**
 * Whether a literal address is a public unicast one. An IPv4 address must have the range
 * `unicast` in ipaddr.js's table. An IPv6 one must too (which already refuses loopback, unique
 * local, link-local, site-local, unspecified, NAT64, 6to4, Teredo and the reserved ranges), must not
 * be IPv4-compatible (::/96, which ipaddr.js counts as unicast: `[::127.0.0.1]` is `[::7f00:1]`),
 * and any IPv4 address it carries must be public as well.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.range() !== 'unicast' && !v6.isIPv4MappedAddress()) return false;
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  const carried = embeddedIpv4(v6);
  return carried === null || carried.range() === 'unicast';
}

/**
 * The refusal of an address that is not public. It says only that: the address a host name
 * resolved to is not named, so the check does not tell a caller what the server's network holds.
 */
export const PRIVATE_ADDRESS_REFUSAL =
  'The url points to a private address; only public addresses are allowed unless WEBHOOK_ALLOW_PRIVATE=true';

/** Only http and https, with a host and no credentials in the address. */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookAddressError('The url is not a valid address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebhookAddressError('The url must start with http:// or https://');
  }
  if (url.username || url.password)
    throw new WebhookAddressError('The url must not hold a user name or password');
  return url;
}

/** Resolves the host and checks every address it has; answers the first one to connect to. */
export async function checkWebhookUrl(text: string, allowPrivate: boolean): Promise<CheckedAddress> {
  const url = parseWebhookUrl(text);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host)
      ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookAddressError(`The host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new WebhookAddressError(`The host ${host} could not be resolved`);
  if (!allowPrivate) {
    if (addresses.some((entry) => !isPublicAddress(entry.address))) {
      throw new WebhookAddressError(PRIVATE_ADDRESS_REFUSAL);
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
