// Where a webhook may send (decision 041): https to a public host. An address literal in a
// loopback, private, link-local, shared, multicast or reserved range, a name that only exists
// locally, and credentials in the URL are refused; redirects are never followed (delivery.ts).
// Workers cannot resolve a name before fetching it, so a public name that resolves to a
// private address is left to the platform, whose fetch cannot reach private networks.
import { WEBHOOK_MESSAGES } from "../../common/webhooks";

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|home|lan|corp|localdomain)$/i;

/** IPv4 ranges that are not the public internet (RFC 6890 and the cloud metadata address). */
const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8], // this network
  [0x0a000000, 8], // private
  [0x64400000, 10], // shared (carrier-grade NAT)
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local, cloud metadata
  [0xac100000, 12], // private
  [0xc0000000, 24], // IETF protocol assignments
  [0xc0000200, 24], // documentation
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // documentation
  [0xcb007100, 24], // documentation
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];

function v4Number(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

const inV4Range = (n: number, [base, bits]: [number, number]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits));

export function isPrivateV4(host: string): boolean {
  const n = v4Number(host);
  return n !== null && PRIVATE_V4.some((range) => inV4Range(n, range));
}

/** IPv6 literals (the URL parser gives them in brackets, compressed and lower case). */
export function isPrivateV6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (!h.includes(":")) return false;
  if (h === "::" || h === "::1") return true;
  // An IPv4 address inside IPv6 (mapped, translated, compatible): judged as that address.
  const embedded = /(?:^|:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(h)?.[1];
  if (embedded) return isPrivateV4(embedded);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (mapped) {
    const n = Number.parseInt(mapped[1]!, 16) * 65536 + Number.parseInt(mapped[2]!, 16);
    return PRIVATE_V4.some((range) => inV4Range(n, range));
  }
  const first = Number.parseInt(h.split(":")[0] || "0", 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 || // multicast
    h.startsWith("64:ff9b:") || // NAT64
    h.startsWith("2001:db8:") || // documentation
    first === 0 // other reserved
  );
}

/**
 * Why a webhook may not send to this URL, or null when it may. In development a receiver on
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
  const host = url.hostname.toLowerCase();
  const local = host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  if (development && local && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return WEBHOOK_MESSAGES.urlInvalid;
  if (!host.includes(".") && !host.includes(":")) return WEBHOOK_MESSAGES.urlNotPublic;
  if (LOCAL_NAMES.test(host) || isPrivateV4(host) || isPrivateV6(host)) return WEBHOOK_MESSAGES.urlNotPublic;
  return null;
}
