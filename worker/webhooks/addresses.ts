// Where the app may send a request on a user's behalf (decision 041): a webhook delivery and a
// link import both pass this one check, on the URL as given and again on every redirect hop.
// https to a public host only: credentials in the URL, names that only exist locally and every
// address literal outside the global unicast ranges are refused. Addresses are classified by
// ipaddr.js (a maintained table of special ranges), not by a list of our own.
// The app never resolves a name itself (Workers cannot resolve before fetching): a public name
// that resolves to a private address is left to the platform, whose fetch cannot reach private
// networks. Were names ever resolved here, each answer would go through isPublicAddress first.
import ipaddr from "ipaddr.js";
import { WEBHOOK_MESSAGES } from "../../common/webhooks";

/** Suffixes of names that only exist on a local network (RFC 6761, 6762, 8375 and common habits). */
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|home|home\.arpa|lan|corp)$/;

/** IANA's global unicast block: everything outside it is reserved, local or special-purpose. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
const NAT64_V6 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/**
 * A URL's host made comparable: lower case, without the brackets of an IPv6 literal and without
 * trailing dots (`localhost.` is `localhost`). `new URL()` has already mapped it to ASCII
 * (punycode, full-width letters and dots folded) and written numeric IPv4 forms as dotted quads.
 */
export function normalHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "");
}

const v4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries: mapped (`::ffff:a.b.c.d`), translated
 * (`::ffff:0:a.b.c.d`), compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`), 6to4 (`2002:AABB:CCDD::`)
 * and Teredo (server in bits 32–63, client in the last 32 bits, inverted).
 */
export function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  const range = address.range();
  if (range === "ipv4Mapped" || range === "rfc6145" || address.match(NAT64_V6)) return [v4Of(p[6], p[7])];
  if (range === "6to4") return [v4Of(p[1], p[2])];
  if (range === "teredo") return [v4Of(p[2], p[3]), v4Of(p[6] ^ 0xffff, p[7] ^ 0xffff)];
  if (p.slice(0, 6).every((part) => part === 0)) return [v4Of(p[6], p[7])];
  return [];
}

/**
 * Whether an address literal (dotted IPv4 or IPv6 without brackets) may be connected to: its
 * range is plain unicast (not private, loopback, link-local, shared, multicast, reserved,
 * documentation, benchmarking…), an IPv6 one lies in 2000::/3, and every IPv4 address an IPv6
 * one carries would pass on its own.
 */
export function isPublicAddress(text: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(text);
  } catch {
    return false;
  }
  if (address.kind() === "ipv4") return address.range() === "unicast";
  const v6 = address as ipaddr.IPv6;
  if (v6.zoneId !== undefined) return false;
  if (embeddedV4(v6).some((v4) => v4.range() !== "unicast")) return false;
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

/** Whether a normalised host is an address literal rather than a name. */
const isAddressLiteral = (host: string) => host.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(host);

/**
 * Why the app may not send to this URL, or null when it may. In development a receiver on
 * this machine (`http://127.0.0.1`, `http://localhost`) is allowed, so it can be tried locally.
 */
export function urlProblem(raw: string, development: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  const host = normalHost(url.hostname);
  const local = host === "localhost" || host === "127.0.0.1" || host === "::1";
  if (development && local && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return WEBHOOK_MESSAGES.urlInvalid;
  if (isAddressLiteral(host)) return isPublicAddress(host) ? null : WEBHOOK_MESSAGES.urlNotPublic;
  // A single label (`intranet`) is only ever resolved on a local network's search domains.
  if (!host.includes(".") || LOCAL_NAMES.test(host)) return WEBHOOK_MESSAGES.urlNotPublic;
  return null;
}
