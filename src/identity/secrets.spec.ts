import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { apiKeyIndex, secretsMatch } from './secrets'

describe('secretsMatch', () => {
  it('accepts the same secret', () => {
    expect(secretsMatch('s3cr3t-key', 's3cr3t-key')).toBe(true)
  })

  it('refuses a different secret, a prefix and an empty string', () => {
    expect(secretsMatch('s3cr3t-kex', 's3cr3t-key')).toBe(false)
    expect(secretsMatch('s3cr3t', 's3cr3t-key')).toBe(false)
    expect(secretsMatch('', 's3cr3t-key')).toBe(false)
  })
})

describe('apiKeyIndex', () => {
  it('is the HMAC-SHA256 of the key under the Payload secret, as Payload stores it', () => {
    const expected = createHmac('sha256', 'payload-secret').update('key-1').digest('hex')
    expect(apiKeyIndex('key-1', 'payload-secret')).toBe(expected)
    expect(apiKeyIndex('key-1', 'other-secret')).not.toBe(expected)
  })
})
