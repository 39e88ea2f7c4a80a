import { randomBytes } from 'node:crypto'

/** Bytes of HMAC key behind every subscription secret. */
const secretBytes = 24

/**
 * A new signing secret: the base64 text (32 characters) of 24 random bytes. The HMAC key is
 * those bytes, which is how the Standard Webhooks libraries read a secret, so receivers verify
 * with `new Webhook(secret).verify(body, headers)` as it is.
 */
export function generateSecret(): string {
  return randomBytes(secretBytes).toString('base64')
}

/** The HMAC key a secret stands for. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
}

/** How long the previous secret keeps signing after a rotation (10 minutes). */
export const rotationWindowMs = 10 * 60 * 1000

/**
 * The secrets a delivery is signed with at `now`, each while an answer promised it: the current
 * one first; then the one it replaced, for the window after the last rotation; then, when a
 * second rotation came inside that window, the one before, until its own window ends (at most
 * three: a third rotation inside the window is refused, see `rotateSecret`).
 */
export function signingSecrets(args: {
  secret: string
  secretOld?: string | null
  secretRotatedAt?: Date | string | null
  secretOlder?: string | null
  secretOlderValidUntil?: Date | string | null
  now: Date
}): string[] {
  const isBefore = (until: number) => args.now.getTime() < until
  const rotatedAt = args.secretRotatedAt ? new Date(args.secretRotatedAt).getTime() : NaN
  const olderUntil = args.secretOlderValidUntil
    ? new Date(args.secretOlderValidUntil).getTime()
    : NaN
  return [
    args.secret,
    ...(args.secretOld && isBefore(rotatedAt + rotationWindowMs) ? [args.secretOld] : []),
    ...(args.secretOlder && isBefore(olderUntil) ? [args.secretOlder] : []),
  ]
}
