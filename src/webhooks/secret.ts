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

/** The secrets a delivery is signed with at `now`: the current one first, then the old one in its window. */
export function signingSecrets(args: {
  secret: string
  secretOld?: string | null
  secretRotatedAt?: Date | string | null
  now: Date
}): string[] {
  const rotatedAt = args.secretRotatedAt ? new Date(args.secretRotatedAt).getTime() : NaN
  const isInWindow = args.now.getTime() < rotatedAt + rotationWindowMs
  return args.secretOld && isInWindow ? [args.secret, args.secretOld] : [args.secret]
}
