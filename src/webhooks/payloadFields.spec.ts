import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { payloadFields } from './payloadFields'

const fieldsOf = (schema: z.ZodType) => payloadFields(z.toJSONSchema(schema, { io: 'output' }))

describe('payloadFields', () => {
  it('reads names, types in words, meanings and whether a field is always there', () => {
    const schema = z
      .strictObject({
        id: z.int().positive().describe('The id'),
        status: z.enum(['new', 'done']).describe('Where it stands'),
        at: z.iso.datetime().nullable().describe('When'),
        note: z.string().optional().describe('A note'),
        url: z.url().describe('Where'),
      })
      .meta({ id: 'Sample' })
    expect(fieldsOf(schema)).toEqual([
      { name: 'id', type: 'integer', description: 'The id', required: true },
      { name: 'status', type: 'one of: new, done', description: 'Where it stands', required: true },
      {
        name: 'at',
        type: 'string, date-time (ISO 8601, UTC) or null',
        description: 'When',
        required: true,
      },
      { name: 'note', type: 'string', description: 'A note', required: false },
      { name: 'url', type: 'string, URL', description: 'Where', required: true },
    ])
  })

  it('names nested fields by their path, through references, nulls and arrays', () => {
    const part = z
      .object({ url: z.string().describe('Its address'), w: z.int().optional().describe('Width') })
      .meta({ id: 'Part' })
    const fields = fieldsOf(
      z.object({
        cover: part.nullable().describe('The cover'),
        parts: z.array(part).describe('The parts'),
      }),
    )
    expect(fields.map(({ name, type, required }) => [name, type, required])).toEqual([
      ['cover', 'object or null', true],
      ['cover.url', 'string', true],
      ['cover.w', 'integer', false],
      ['parts', 'array of object', true],
      ['parts[].url', 'string', true],
      ['parts[].w', 'integer', false],
    ])
    expect(fields.find((field) => field.name === 'cover.url')?.description).toBe('Its address')
  })

  it('merges the variants of a union: a field some lack is not always there', () => {
    const fields = fieldsOf(
      z.union([
        z.strictObject({ id: z.int().describe('Id'), active: z.literal(true), name: z.string() }),
        z.strictObject({ id: z.int().describe('Id'), active: z.literal(false) }),
      ]),
    )
    expect(fields.map(({ name, type, required }) => [name, type, required])).toEqual([
      ['id', 'integer', true],
      ['active', 'true or false', true],
      ['name', 'string', false],
    ])
  })
})
