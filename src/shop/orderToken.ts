import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

import { z } from 'zod'

/** The request header the buyer's order page sends its order's token in. */
export const orderTokenHeader = 'X-Order-Token'

/** Random bytes of a token: 256 bits, spelled as 43 base64url characters. */
const tokenBytes = 32

/** What a token looks like: 43 base64url characters (a prefix or suffix makes it another). */
export const orderTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .describe(
    "The `order_token` the order's checkout answered (43 base64url characters). Without it, " +
      'or with any other value, the answer is the same 404 as for an order that does not exist.',
  )

/** A new order token: 256 random bits, base64url. Given to the buyer once, stored hashed. */
export const newOrderToken = () => randomBytes(tokenBytes).toString('base64url')

/**
 * What the order stores of its token: SHA-256, hex. A token is 256 random bits, so an unkeyed
 * hash cannot be reversed by guessing, and tokens outlive a change of `PAYLOAD_SECRET`.
 */
export const orderTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** Compared against when there is no token or no stored hash: the work is the same either way. */
const nothingStored = orderTokenHash('')

/**
 * Whether `presented` (a header's value, or null) is the token whose hash is `storedHash`.
 * Hashes what was presented whatever it is, and compares the hashes in constant time, so the
 * time taken tells nothing about how much of a token was right, nor whether one was sent.
 */
export function isOrderToken(
  presented: string | null | undefined,
  storedHash: string | null | undefined,
): boolean {
  const isWellFormed = orderTokenSchema.safeParse(presented).success
  const given = Buffer.from(orderTokenHash(isWellFormed ? presented! : ''), 'hex')
  const stored = Buffer.from(
    storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? storedHash : nothingStored,
    'hex',
  )
  return timingSafeEqual(given, stored) && isWellFormed && Boolean(storedHash)
}
