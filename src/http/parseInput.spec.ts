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

/** zod's own phrasing, which must never reach a person. */
const libraryPhrasing =
  /Too small|Too big|expected|received|Invalid (input|option|UUID|ISO|string)|Unrecognized|[<>]=/

/** The messages `parseInput` gives for `input`, by field. */
function messagesOf(schemaOf: z.ZodType, input: unknown) {
  try {
    parseInput(schemaOf, input)
  } catch (error) {
    return Object.fromEntries(
      ((error as HttpError).details ?? []).map((detail) => [detail.field, detail.message]),
    )
  }
  throw new Error('parseInput accepted the input')
}

describe('parseInput messages', () => {
  const everyKind = z.strictObject({
    list: z.array(z.string()).min(1).max(2),
    count: z.int().min(1).max(30),
    name: z.string().min(1).max(5),
    id: z.uuid(),
    at: z.iso.datetime(),
    colour: z.enum(['red', 'blue']),
    flag: z.boolean(),
    extra: z.record(z.string(), z.string()),
  })

  it('say what each field must be, in words, never in zod’s phrasing', () => {
    const messages = messagesOf(everyKind, {
      list: [],
      count: 1.5,
      id: 'q',
      at: 'tomorrow',
      colour: 'green',
      flag: 'yes',
      extra: { a: 1 },
      secret: 1,
    })
    expect(messages).toEqual({
      list: 'must list at least one item',
      count: 'must be a whole number',
      name: 'is required',
      id: 'must be an id such as 3f2c6d1e-8b7a-4c2d-9e1f-0a1b2c3d4e5f',
      at: 'must be a date and time such as 2026-01-31T12:00:00Z',
      colour: 'must be one of "red" or "blue"',
      flag: 'must be true or false',
      'extra.a': 'must be text',
      '(body)': 'has a field this request does not take, "secret": remove it',
    })
    const tooMuch = messagesOf(everyKind.partial(), { list: ['a', 'b', 'c'], count: 31, name: '' })
    expect(tooMuch).toEqual({
      list: 'may list at most 2 items',
      count: 'must be 30 or less',
      name: 'must not be empty',
    })
    for (const message of [...Object.values(messages), ...Object.values(tooMuch)]) {
      expect(message).not.toMatch(libraryPhrasing)
    }
  })

  it('keep a message the schema gives itself', () => {
    const own = z.object({ items: z.array(z.string()).min(1, 'add at least one item') })
    expect(messagesOf(own, { items: [] })).toEqual({ items: 'add at least one item' })
  })
})
