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
 * The kind of a literal address as ipaddr.js names it ('unicast' for a public one). IPv4-mapped
 * IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
 */
export function addressRange(address: string): string {
  return ipaddr.process(address).range();
}

export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

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
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      throw new WebhookAddressError(
        `The url points to a ${addressRange(refused.address)} address (${refused.address}); ` +
          'only public addresses are allowed unless WEBHOOK_ALLOW_PRIVATE=true',
      );
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
