import { createHash, createHmac } from 'node:crypto'

import { z } from 'zod'

import { HttpError } from '@/http/errors'

/** The request header a client names a checkout attempt with (Stripe's name and rules). */
export const idempotencyKeyHeader = 'Idempotency-Key'

/** The answer header that marks a stored answer given again. */
export const idempotentReplayedHeader = 'Idempotent-Replayed'

/** How long a key answers its first answer again: afterwards it is a new key (Stripe: 24 hours). */
export const idempotencyKeyLifetimeHours = 24

/** 1 to 255 printable ASCII characters (space to `~`). */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e]+$/)
  .describe(
    'Makes the checkout safe to retry: the same key with the same body within 24 hours answers ' +
      'the first answer again (same order, same payment page, stock held once), marked ' +
      '`Idempotent-Replayed: true`; the same key with another body is 422. 1 to 255 printable ' +
      'ASCII characters, chosen by the client (a UUID per cart is a good key), kept per client ' +
      '(the signed-in user, else the address with the e-mail the checkout names). Only a successful answer is kept: after an error ' +
      'the same key runs the checkout again.',
  )

/**
 * The key a request names, or undefined without the header; a 400 naming the header when it is
 * not 1 to 255 printable ASCII characters (an empty one included).
 */
export function parseIdempotencyKey(value: string | null): string | undefined {
  if (value === null) return undefined
  if (idempotencyKeySchema.safeParse(value).success) return value
  throw new HttpError({
    code: 'bad_request',
    message: `Invalid ${idempotencyKeyHeader} header: it must be 1 to 255 printable ASCII characters (got ${value.length} characters${/[^\x20-\x7e]/.test(value) ? ', some of them control or non-ASCII characters' : ''})`,
  })
}

/**
 * Who a key belongs to, so that two clients choosing the same key never meet: the signed-in
 * principal (`user:<collection>:<id>`); an anonymous buyer by the client's address and the
 * e-mail the checkout names, as one keyed hash (`buyer:<buyerKey>`, `anonymousBuyerKey`). Two
 * buyers behind one address (an office, a carrier's NAT) who pick the same key each get their
 * own order; only a request naming the same e-mail from the same address replays an answer,
 * and with the same body only (else 422): its order token goes to the buyer the order was
 * placed for, never to another.
 */
export function idempotencyScope(args: {
  principal?: { collection: string; id: number | string }
  buyerKey: string
}): string {
  return args.principal
    ? `user:${args.principal.collection}:${args.principal.id}`
    : `buyer:${args.buyerKey}`
}

/**
 * An anonymous buyer as a keyed hash (HMAC-SHA256 under `secret`, 32 hex characters) of the
 * client's address and the checkout's e-mail (trimmed, lower case): neither is stored in clear.
 */
export const anonymousBuyerKey = (args: { address: string; email: string; secret: string }) =>
  createHmac('sha256', args.secret)
    .update(`${args.address}\n${args.email.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 32)

/**
 * The same value with object keys sorted at every depth: two bodies that parse to the same
 * input serialise the same, whatever order their fields came in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    )
  }
  return value
}

/** SHA-256 (hex) of the canonical JSON of a parsed request: what "the same body" means. */
export const requestFingerprint = (parsed: unknown) =>
  createHash('sha256').update(canonicalJson(parsed)).digest('hex')

/** The 422 of a key sent again with another request. */
export const keyReusedWithAnotherRequest = () =>
  new HttpError({
    code: 'unprocessable_entity',
    message: `This ${idempotencyKeyHeader} was already used with another request (a different body) in the last ${idempotencyKeyLifetimeHours} hours; send a new key for a new checkout`,
  })
