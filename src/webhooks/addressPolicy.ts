import ipaddr from 'ipaddr.js'

/**
 * Address ranges (ipaddr.js range names) a webhook may not reach unless configuration allows
 * them: everything but public unicast. Link-local covers the cloud metadata address
 * 169.254.169.254; unique-local covers AWS's fd00:ec2::254; carrier-grade NAT covers
 * Alibaba's 100.100.100.200.
 */
export type AddressRange = string

/** Reads `WEBHOOK_ALLOWED_ADDRESS_RANGES` (e.g. `loopback` in tests, `private,loopback` on a LAN). */
export function parseAllowedRanges(value: string | undefined): Set<AddressRange> {
  const ranges = (value ?? '')
    .split(',')
    .map((range) => range.trim())
    .filter(Boolean)
  return new Set(ranges)
}

/** An address as it is judged: IPv4-mapped IPv6 as the IPv4 address. */
function judgedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address()
  }
  return parsed
}

/** The ipaddr.js range of an address (IPv4-mapped IPv6 is judged as the IPv4 address). */
export function addressRange(address: string): AddressRange {
  return judgedAddress(address).range()
}

/** Whether a webhook may connect to `address`: public unicast, or a range configuration allows. */
export function isAddressAllowed(address: string, allowed: ReadonlySet<AddressRange>): boolean {
  if (!ipaddr.isValid(address)) return false
  const range = addressRange(address)
  return range === 'unicast' || allowed.has(range)
}

/** Where an address of each non-public range is, in words, with the addresses it covers. */
const rangeInWords: Record<string, { ipv4: string; ipv6: string }> = {
  loopback: {
    ipv4: "on this service's own machine (localhost)",
    ipv6: "on this service's own machine (localhost)",
  },
  private: {
    ipv4: 'on a private network (10.x.x.x, 172.16.x.x to 172.31.x.x or 192.168.x.x)',
    ipv6: 'on a private network',
  },
  linkLocal: { ipv4: 'on a private network (169.254.x.x)', ipv6: 'on a private network (fe80::)' },
  uniqueLocal: { ipv4: 'on a private network', ipv6: 'on a private network (fc00:: to fdff::)' },
  carrierGradeNat: {
    ipv4: 'on a private network (100.64.x.x to 100.127.x.x)',
    ipv6: 'on a private network',
  },
}

/**
 * Why a webhook may not connect to `address` (which `host` resolved to), for the person who gave
 * the URL: where the address is and what to do instead, e.g. "this address (169.254.169.254) is
 * on a private network (169.254.x.x) that this service does not send to: use a public address".
 * The 400 of a refused subscription and a refused delivery's error alike; the setting that would
 * allow the range is for the operator (`allowingSetting`), written to the server's log.
 */
export function forbiddenAddressMessage(args: { host: string; address: string }): string {
  const judged = ipaddr.isValid(args.address) ? judgedAddress(args.address) : undefined
  const where = (judged && rangeInWords[judged.range()]?.[judged.kind()]) ?? 'in a reserved range'
  const subject =
    args.host === args.address
      ? `this address (${args.address}) is`
      : `${args.host} resolves to ${args.address}, an address`
  return `${subject} ${where} that this service does not send to: use a public address`
}

/**
 * The setting that would let webhooks reach `address`, for the operator's log and docs (never an
 * answer to a consumer): `WEBHOOK_ALLOWED_ADDRESS_RANGES=linkLocal`.
 */
export function allowingSetting(address: string): string {
  const range = ipaddr.isValid(address) ? addressRange(address) : 'unknown'
  return `WEBHOOK_ALLOWED_ADDRESS_RANGES=${range}`
}
