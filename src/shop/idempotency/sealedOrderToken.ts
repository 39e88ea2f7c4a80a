import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * The order token of a checkout's stored answer, sealed (AES-256-GCM) so that a replay of the
 * checkout can answer it again while the database alone never holds it: the key is derived from
 * `PAYLOAD_SECRET` (HKDF-SHA256), and the seal is bound to its key's row (client, key, order),
 * so a sealed token copied to another row does not open.
 */
export type SealBinding = { scope: string; key: string; orderId: number }

const version = 'v1'

const sealKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, '', 'checkout answer: order token seal v1', 32))

const associatedData = (binding: SealBinding) =>
  Buffer.from(JSON.stringify([binding.scope, binding.key, binding.orderId]))

/** `v1.<iv>.<ciphertext>.<tag>`, each base64url. */
export function sealOrderToken(args: { secret: string; token: string; binding: SealBinding }) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(args.secret), iv)
  cipher.setAAD(associatedData(args.binding))
  const sealed = Buffer.concat([cipher.update(args.token, 'utf8'), cipher.final()])
  return [version, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/**
 * The token `sealOrderToken` sealed for this binding, or undefined when it cannot be opened: no
 * seal, another row's, tampered with, or sealed under another `PAYLOAD_SECRET`.
 */
export function openOrderToken(args: {
  secret: string
  sealed: string | null | undefined
  binding: SealBinding
}): string | undefined {
  const parts = args.sealed?.split('.')
  if (parts?.length !== 4 || parts[0] !== version) return undefined
  const [iv, sealed, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'))
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(args.secret), iv!)
    decipher.setAAD(associatedData(args.binding))
    decipher.setAuthTag(tag!)
    return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}
