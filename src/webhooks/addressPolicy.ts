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

/** The ipaddr.js range of an address (IPv4-mapped IPv6 is judged as the IPv4 address). */
export function addressRange(address: string): AddressRange {
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  }
  return parsed.range()
}

/** Whether a webhook may connect to `address`: public unicast, or a range configuration allows. */
export function isAddressAllowed(address: string, allowed: ReadonlySet<AddressRange>): boolean {
  if (!ipaddr.isValid(address)) return false
  const range = addressRange(address)
  return range === 'unicast' || allowed.has(range)
}

/**
 * Why a webhook may not connect to `address` (which `host` resolved to), naming the setting and
 * the range that would allow it: the 400 of a refused subscription, a refused delivery's error.
 */
export function forbiddenAddressMessage(args: { host: string; address: string }): string {
  const range = ipaddr.isValid(args.address) ? addressRange(args.address) : 'unknown'
  return (
    `${args.host} resolves to ${args.address}, an address webhooks may not reach ` +
    `(set WEBHOOK_ALLOWED_ADDRESS_RANGES=${range} to allow it)`
  )
}
