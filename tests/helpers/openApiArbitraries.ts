import fc from 'fast-check'

type Schema = any

/** Arbitraries to prefer for a property or parameter, by its name (`author_id`, `path:id`). */
export type Hints = Record<string, fc.Arbitrary<unknown>>

/** Strings a server must survive wherever a string is accepted. */
export const hostileStrings = [
  '\u0000',
  'nul\u0000inside',
  '%00',
  "'; DROP TABLE articles; --",
  '\uD800',
  '😀 émoji',
  '   ',
  '  padded  ',
  '\\',
  '\r\n',
  '../../etc/passwd',
  '<script>alert(1)</script>',
]

/** Integers at the edges of common storage types: PostgreSQL int4 and bigint, JS safe integers. */
export const edgeIntegers = [
  0,
  1,
  2_147_483_647,
  2_147_483_648,
  9_999_999_999,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
]

/** Timestamps that are valid RFC 3339 but sit at the edges of what databases store. */
export const edgeDateTimes = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2024-02-29T12:00:00+23:59',
  '2024-06-01T12:00:00-16:00',
]

/** Marks an optional member left out. */
const absent = Symbol('absent')

const codePoints = (value: string) => [...value].length
const header = (value: unknown) =>
  typeof value === 'string' && /^([\x21-\x7e]( *[\x21-\x7e])*)?$/.test(value)

/** A value nested `depth` arrays deep. */
export const deeplyNested = (depth: number): unknown => {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0')
const anyDate = fc.date({
  min: new Date('0000-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
  noInvalidDate: true,
})
const recentDate = fc
  .integer({ min: -60 * 86_400, max: 86_400 })
  .map((seconds) => new Date(Date.now() + seconds * 1000))

/** RFC 3339 timestamps of any year, any offset the format allows (up to ±23:59), some edges. */
const dateTimes = fc.oneof(
  fc
    .tuple(
      fc.oneof(anyDate, recentDate),
      fc.oneof(
        fc.constant('Z'),
        fc
          .tuple(
            fc.constantFrom('+', '-'),
            fc.integer({ min: 0, max: 23 }),
            fc.integer({ min: 0, max: 59 }),
          )
          .map(([sign, hours, minutes]) => `${sign}${pad(hours)}:${pad(minutes)}`),
      ),
      fc.boolean(),
    )
    .map(([date, offset, withFraction]) => {
      const iso = date.toISOString()
      return `${iso.slice(0, 19)}${withFraction ? iso.slice(19, 23) : ''}${offset}`
    }),
  fc.constantFrom(...edgeDateTimes),
)
const dates = fc.oneof(
  fc.oneof(anyDate, recentDate).map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('0000-01-01', '9999-12-31', '2024-02-29'),
)

/**
 * fast-check arbitraries derived from the JSON Schemas of an OpenAPI 3.1 document: `valid`
 * yields values the schema accepts (biased towards edges: hostile strings, int4 overflows,
 * timestamps of year 0000 or offsets beyond ±15:59), `invalid` values it refuses (wrong types,
 * out-of-range numbers, overlong strings, unknown enum values, missing required members,
 * unknown members, deep nesting). Whether a value really is valid is for the caller's validator
 * to say: generation is only biased, not exact (formats, patterns).
 */
export function schemaArbitraries(document: Schema, hints: Hints = {}) {
  const deref = (schema: Schema): Schema => {
    let current = schema
    for (let hops = 0; current?.$ref && hops < 10; hops++) {
      const names = String(current.$ref).replace(/^#\//, '').split('/')
      current = names.reduce((node: Schema, name) => node?.[name], document)
    }
    return current ?? {}
  }

  const anyJson = fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 3 },
    fc.constantFrom(...hostileStrings),
    fc.constantFrom(...edgeIntegers),
    fc.array(fc.constantFrom(...hostileStrings, 1, null, true), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom(...hostileStrings, 1, [])),
  )

  function string(schema: Schema): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0
    const max = schema.maxLength ?? 300
    const fits = (value: string) => codePoints(value) >= min && codePoints(value) <= max
    const matches = (value: string) =>
      !schema.pattern || new RegExp(schema.pattern, 'u').test(value)
    if (schema.format === 'date-time') return dateTimes.filter(matches)
    if (schema.format === 'date') return dates.filter(matches)
    if (schema.format === 'uuid') {
      return fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'))
    }
    if (schema.format === 'email') {
      return fc
        .oneof(fc.constant('grace@example.com'), fc.emailAddress())
        .filter((value) => fits(value) && matches(value))
    }
    if (schema.pattern) {
      // fast-check cannot generate from lookaheads: generate from the pattern without them and
      // keep what the whole pattern accepts.
      const generator = withoutLookaheads(schema.pattern)
      return fc
        .stringMatching(new RegExp(generator), { size: 'small' })
        .filter((value) => fits(value) && (generator === schema.pattern || matches(value)))
    }
    const length = { minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }
    return fc
      .oneof(
        { arbitrary: fc.string(length), weight: 5 },
        { arbitrary: fc.string({ ...length, unit: 'binary-ascii' }), weight: 1 },
        { arbitrary: fc.string({ ...length, unit: 'binary' }), weight: 1 },
        { arbitrary: fc.constantFrom(...hostileStrings), weight: 3 },
        { arbitrary: fc.constant('x'.repeat(Math.max(min, Math.min(max, 5000)))), weight: 1 },
      )
      .filter(fits)
  }

  function integer(schema: Schema): fc.Arbitrary<number> {
    const low =
      schema.minimum ??
      (schema.exclusiveMinimum === undefined
        ? -Number.MAX_SAFE_INTEGER
        : schema.exclusiveMinimum + 1)
    const high =
      schema.maximum ??
      (schema.exclusiveMaximum === undefined
        ? Number.MAX_SAFE_INTEGER
        : schema.exclusiveMaximum - 1)
    const within = (value: number) => value >= low && value <= high
    const edges = [...edgeIntegers, -1, low, high].filter(within)
    return fc.oneof(
      {
        arbitrary: fc.integer({ min: Math.max(low, -1000), max: Math.min(high, 1000) }),
        weight: 3,
      },
      { arbitrary: fc.constantFrom(...edges), weight: 2 },
      // A narrow range would make the filter reject almost every safe integer.
      high - low > 2 ** 32
        ? fc.maxSafeInteger().filter(within)
        : fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31 - 1) }),
    )
  }

  function object(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties: Record<string, Schema> = schema.properties ?? {}
    const names = Object.keys(properties)
    const extra = schema.additionalProperties
    if (!names.length && extra && typeof extra === 'object' && Object.keys(extra).length) {
      const key = fc.oneof(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.constantFrom('Content-Type', 'Host', 'Authorization', 'Webhook-Signature', 'X-Trace'),
      )
      return fc.dictionary(key, valid(extra, undefined, depth + 1), { maxKeys: 3 })
    }
    const required = new Set<string>(schema.required ?? [])
    // Members documented as anything (ignored read-only fields) come seldom: they would drown
    // the members that matter.
    const member = (name: string) => {
      const value = valid(properties[name], name, depth + 1)
      if (required.has(name)) return value
      const weight = Object.keys(deref(properties[name])).length ? 1 : 9
      return fc.oneof({ arbitrary: fc.constant(absent), weight }, { arbitrary: value, weight: 1 })
    }
    return fc
      .record(Object.fromEntries(names.map((name) => [name, member(name)])))
      .map((value) =>
        Object.fromEntries(Object.entries(value).filter(([, member]) => member !== absent)),
      )
  }

  function ofType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return string(schema)
      case 'integer':
        return integer(schema)
      case 'number':
        return fc.oneof(
          integer(schema),
          fc.double({
            min: schema.minimum,
            max: schema.maximum,
            noNaN: true,
            noDefaultInfinity: true,
          }),
        )
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array': {
        const minLength = schema.minItems ?? 0
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4))
        return fc.array(valid(schema.items ?? {}, undefined, depth + 1), { minLength, maxLength })
      }
      case 'object':
        return object(schema, depth)
      default:
        return anyJson
    }
  }

  /** Values `schema` accepts; `name` picks a hint when one is given for it. */
  function valid(input: Schema, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const schema = deref(input)
    const base = (): fc.Arbitrary<unknown> => {
      if (depth > 6) return fc.constant(null)
      if ('const' in schema) return fc.constant(schema.const)
      if (schema.enum) return fc.constantFrom(...schema.enum)
      const choices = schema.anyOf ?? schema.oneOf
      if (choices) return fc.oneof(...choices.map((choice: Schema) => valid(choice, name, depth)))
      const types: string[] = Array.isArray(schema.type)
        ? schema.type
        : schema.type
          ? [schema.type]
          : []
      if (!types.length) return schema.properties ? object(schema, depth) : anyJson
      return fc.oneof(...types.map((type) => ofType(type, schema, depth)))
    }
    const hint = name ? hints[name] : undefined
    return hint
      ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: base(), weight: 1 })
      : base()
  }

  /** The JSON types `schema` admits, or undefined when it admits any. */
  function typesOf(input: Schema): Set<string> | undefined {
    const schema = deref(input)
    const choices = schema.anyOf ?? schema.oneOf
    if (choices) {
      const all = new Set<string>()
      for (const choice of choices) {
        const types = typesOf(choice)
        if (!types) return undefined
        for (const type of types) all.add(type)
      }
      return all
    }
    if ('const' in schema || schema.enum) {
      return new Set([...(schema.enum ?? [schema.const])].map(jsonType))
    }
    if (!schema.type) return schema.properties ? new Set(['object']) : undefined
    const types = new Set<string>(Array.isArray(schema.type) ? schema.type : [schema.type])
    if (types.has('number')) types.add('integer')
    return types
  }

  /** Values `schema` refuses (as far as a generator can tell; the caller validates). */
  function invalid(input: Schema, depth = 0): fc.Arbitrary<unknown> {
    const schema = deref(input)
    const allowed = typesOf(schema)
    const options: fc.Arbitrary<unknown>[] = []
    if (allowed) {
      const wrong = [null, true, 1.5, 42, 'text', '\u0000', [], {}, deeplyNested(2000)].filter(
        (value) =>
          !allowed.has(jsonType(value)) &&
          !(jsonType(value) === 'integer' && allowed.has('number')),
      )
      if (wrong.length) options.push(fc.constantFrom(...wrong))
    }
    if (schema.enum || 'const' in schema) options.push(fc.constantFrom('unknown_value', 'ALL', ''))
    const types = allowed ?? new Set<string>()
    if (types.has('string') && !schema.enum && !('const' in schema)) {
      if (schema.maxLength !== undefined)
        options.push(fc.constant('y'.repeat(schema.maxLength + 1)))
      if (schema.minLength) options.push(fc.constant(''))
      if (schema.pattern || schema.format) {
        options.push(
          fc.constantFrom('\u0000', 'not valid %00', '2024-13-45T99:99:99Z', '0000-00-00'),
        )
      }
    }
    if (types.has('integer') || types.has('number')) {
      if (schema.minimum !== undefined) options.push(fc.constant(schema.minimum - 1))
      if (schema.exclusiveMinimum !== undefined) options.push(fc.constant(schema.exclusiveMinimum))
      if (schema.maximum !== undefined) options.push(fc.constant(schema.maximum + 1))
      if (types.has('integer') && !types.has('number')) options.push(fc.constant(2.5))
    }
    if (types.has('array') && depth < 4) {
      if (schema.minItems) options.push(fc.constant([]))
      if (schema.maxItems !== undefined) {
        const item = valid(schema.items ?? {}, undefined, depth + 1)
        options.push(
          fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }),
        )
      }
      if (schema.items && typesOf(schema.items)) {
        options.push(fc.array(invalid(schema.items, depth + 1), { minLength: 1, maxLength: 2 }))
      }
    }
    if (types.has('object') && depth < 4) options.push(...invalidObjects(schema, depth))
    return options.length ? fc.oneof(...options) : fc.constant(deeplyNested(2000))
  }

  function invalidObjects(schema: Schema, depth: number): fc.Arbitrary<unknown>[] {
    const options: fc.Arbitrary<unknown>[] = []
    const properties: Record<string, Schema> = schema.properties ?? {}
    const required: string[] = schema.required ?? []
    const sample = valid(schema, undefined, depth) as fc.Arbitrary<Record<string, unknown>>
    if (required.length) {
      options.push(
        fc.tuple(sample, fc.constantFrom(...required)).map(([value, missing]) => {
          const copy = { ...value }
          delete copy[missing]
          return copy
        }),
      )
    }
    if (schema.additionalProperties === false) {
      options.push(sample.map((value) => ({ ...value, unexpected_member: 'x' })))
    }
    const breakable = Object.keys(properties).filter((name) => typesOf(properties[name]))
    if (breakable.length) {
      options.push(
        fc
          .constantFrom(...breakable)
          .chain((name) =>
            fc.tuple(sample, fc.constant(name), invalid(properties[name], depth + 1)),
          )
          .map(([value, name, broken]) => ({ ...value, [name]: broken })),
      )
    }
    return options
  }

  return { valid, invalid, deref }
}

/** The JSON Schema type of a JSON value (`integer` for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

/** Whether `value` can travel as an HTTP header value unchanged. */
export const isHeaderSafe = header

/** `pattern` with its lookahead groups `(?=…)` and `(?!…)` removed (nested groups included). */
function withoutLookaheads(pattern: string): string {
  let result = ''
  for (let at = 0; at < pattern.length; at++) {
    if (pattern[at] === '\\') {
      result += pattern.slice(at, at + 2)
      at++
      continue
    }
    if (pattern.startsWith('(?=', at) || pattern.startsWith('(?!', at)) {
      let depth = 0
      for (; at < pattern.length; at++) {
        if (pattern[at] === '\\') at++
        else if (pattern[at] === '(') depth++
        else if (pattern[at] === ')' && --depth === 0) break
      }
      continue
    }
    result += pattern[at]
  }
  return result
}
