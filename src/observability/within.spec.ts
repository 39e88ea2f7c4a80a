import { describe, expect, it } from 'vitest'

import { within } from './within'

describe('within', () => {
  it('passes on what settles in time', async () => {
    await expect(within(1_000, Promise.resolve(7))).resolves.toBe(7)
    await expect(within(1_000, Promise.reject(new Error('refused')))).rejects.toThrow('refused')
  })

  it('gives up on what does not', async () => {
    await expect(within(5, new Promise(() => {}))).rejects.toThrow('no answer within 5 ms')
  })
})
