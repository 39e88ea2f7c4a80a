import { createHmac } from 'node:crypto'

import { secretKey } from './secret'

/**
 * The Standard Webhooks signature of one message: `v1,<base64 HMAC-SHA256>` over
 * `"{id}.{timestamp}.{body}"`, keyed with the secret's bytes. Time is a parameter so that
 * tests can compute expected values.
 */
export function sign(args: { id: string; timestamp: number; body: string; secret: string }) {
  const content = `${args.id}.${args.timestamp}.${args.body}`
  return `v1,${createHmac('sha256', secretKey(args.secret)).update(content).digest('base64')}`
}

/** The `webhook-signature` header: one signature per secret, space-separated, in the given order. */
export function signatureHeader(args: {
  id: string
  timestamp: number
  body: string
  secrets: string[]
}) {
  return args.secrets.map((secret) => sign({ ...args, secret })).join(' ')
}
