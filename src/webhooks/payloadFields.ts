/*
 * The table of an event's fields, read off the JSON Schema of its payload (the catalogue's zod
 * schema, rendered by `z.toJSONSchema`): what a person reads first, without the schema's
 * machinery (references, `anyOf`, patterns, integer bounds).
 */

/** A JSON Schema, as far as the table reads it. */
type JsonSchema = {
  $ref?: string
  $defs?: Record<string, JsonSchema>
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
}

/** One row of an event type's field table. */
export type PayloadField = {
  /** The field's path in `data`: `cover.url`, `images[].url` for each element of an array. */
  name: string
  /** Its type in words: `integer`, `string (date-time) or null`, `one of: pending, paid`. */
  type: string
  /** What it means, from the schema's `description`; `''` when the schema says nothing. */
  description: string
  /** Whether every payload has it (it may still be `null` when its type says so). */
  required: boolean
}

const formatNames: Record<string, string> = {
  'date-time': 'date-time (ISO 8601, UTC)',
  uri: 'URL',
  uuid: 'UUID',
  email: 'email address',
}

/** The rows of the payload `schema` describes, in the order of its properties, parents first. */
export function payloadFields(jsonSchema: object): PayloadField[] {
  const schema = jsonSchema as JsonSchema
  const defs = schema.$defs ?? {}
  const resolve = (node: JsonSchema): JsonSchema => {
    const name = node.$ref?.replace(/^#\/\$defs\//, '')
    if (name === undefined) return node
    const target = defs[name]
    if (!target) return node
    const { $ref: _ref, ...rest } = node
    return { ...resolve(target), ...rest }
  }
  const variantsOf = (node: JsonSchema) => (node.anyOf ?? node.oneOf ?? [node]).map(resolve)
  const isNull = (node: JsonSchema) => node.type === 'null'
  /** The non-null variants of a node, and whether it may be null. */
  const split = (node: JsonSchema) => {
    const resolved = resolve(node)
    const typeList = Array.isArray(resolved.type) ? resolved.type : null
    if (typeList) {
      const others = typeList.filter((type) => type !== 'null')
      return {
        variants: [{ ...resolved, type: others.length === 1 ? others[0] : others }],
        isNullable: typeList.includes('null'),
      }
    }
    const variants = variantsOf(resolved)
    return { variants: variants.filter((v) => !isNull(v)), isNullable: variants.some(isNull) }
  }

  const typeWords = (node: JsonSchema): string => {
    const { variants, isNullable } = split(node)
    const words = [...new Set(variants.map(oneTypeWords))].join(' or ')
    return isNullable ? `${words || 'null'} or null` : words
  }
  const oneTypeWords = (node: JsonSchema): string => {
    if ('const' in node) return JSON.stringify(node.const)
    if (node.enum) return `one of: ${node.enum.map((value) => String(value)).join(', ')}`
    if (node.type === 'array') return `array of ${node.items ? typeWords(node.items) : 'anything'}`
    if (node.type === 'object' || node.properties) return 'object'
    if (node.type === 'string' && node.format) {
      return formatNames[node.format] ? `string, ${formatNames[node.format]}` : node.format
    }
    return Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'anything')
  }
  const describe = (node: JsonSchema): string => {
    if (node.description) return node.description
    const resolved = resolve(node)
    if (resolved.description) return resolved.description
    return split(node).variants.find((variant) => variant.description)?.description ?? ''
  }

  /** The objects whose fields a node's value carries (its own, or its elements'). */
  const objectsIn = (node: JsonSchema): { objects: JsonSchema[]; suffix: string } => {
    const { variants } = split(node)
    const arrays = variants.filter((variant) => variant.type === 'array' && variant.items)
    if (arrays.length) {
      return { objects: arrays.flatMap((a) => split(a.items!).variants), suffix: '[]' }
    }
    return { objects: variants.filter((variant) => variant.properties), suffix: '' }
  }

  const rows: PayloadField[] = []
  const walk = (objects: JsonSchema[], prefix: string) => {
    const names: string[] = []
    for (const object of objects) {
      for (const name of Object.keys(object.properties ?? {})) {
        if (!names.includes(name)) names.push(name)
      }
    }
    for (const name of names) {
      const holders = objects.filter((object) => object.properties && name in object.properties)
      const nodes = holders.map((object) => object.properties![name]!)
      const path = `${prefix}${name}`
      rows.push({
        name: path,
        type: [...new Set(nodes.map(typeWords))].join(' or '),
        description: nodes.map(describe).find(Boolean) ?? '',
        required:
          holders.length === objects.length &&
          holders.every((object) => object.required?.includes(name)),
      })
      for (const node of nodes) {
        const inner = objectsIn(node)
        if (inner.objects.length) walk(inner.objects, `${path}${inner.suffix}.`)
      }
    }
  }
  walk(split(schema).variants, '')
  // A child reached from several variants is listed once.
  return rows.filter((row, index) => rows.findIndex((other) => other.name === row.name) === index)
}
