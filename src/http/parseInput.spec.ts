import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { HttpError } from './errors'
import { parseInput } from './parseInput'

const schema = z.object({
  name: z.string().min(1),
  items: z.array(z.object({ quantity: z.int() })),
})

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'a', items: [{ quantity: 2 }] })).toEqual({
      name: 'a',
      items: [{ quantity: 2 }],
    })
  })

  it('throws a 400 that names every offending field', () => {
    let thrown: unknown
    try {
      parseInput(schema, { name: '', items: [{ quantity: 1.5 }] })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(HttpError)
    const error = thrown as HttpError
    expect(error.status).toBe(400)
    expect(error.code).toBe('validation_failed')
    expect(error.details?.map((detail) => detail.field)).toEqual(['name', 'items.0.quantity'])
    expect(error.message).toContain('items.0.quantity')
  })
})
