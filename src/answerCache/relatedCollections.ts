/** A field as the walk reads it: only what names another collection or holds more fields. */
type WalkedField = {
  type?: string
  relationTo?: string | string[]
  collection?: string | string[]
  fields?: WalkedField[]
  tabs?: { fields?: WalkedField[] }[]
  blocks?: { fields?: WalkedField[] }[]
  blockReferences?: (string | { fields?: WalkedField[] })[]
  access?: { read?: unknown }
}

/** A collection as the walk reads it. */
export type WalkedCollection = { slug: string; fields: readonly WalkedField[] }

/**
 * The collections whose documents an answer of `slug` read at `depth` may show besides its own:
 * those its relationship and upload fields name, one hop per level of depth, and those its join
 * fields list (their ids show at any depth), and at depth 1 or more what a rich text field's
 * nodes may show (`richTextShows`: the editor's upload, relationship and link nodes may name
 * documents of any collection). A join field whose read access is restricted
 * (`isHidden`) shows nothing to the caller and is passed over. Pure: the configuration is handed in.
 */
export function relatedCollections(args: {
  collections: readonly WalkedCollection[]
  blocks?: readonly { slug: string; fields?: WalkedField[] }[]
  slug: string
  depth: number
  isHidden: (field: WalkedField) => boolean
  /** What a rich text field may show at depth 1 or more (its uploads, relationships, links). */
  richTextShows: readonly string[]
}): string[] {
  const bySlug = new Map(args.collections.map((collection) => [collection.slug, collection]))
  const blocks = new Map((args.blocks ?? []).map((block) => [block.slug, block]))
  const found = new Set<string>()
  const named = (value: string | string[] | undefined) =>
    value === undefined ? [] : Array.isArray(value) ? value : [value]

  const visit = (slug: string, depth: number, seen: Map<string, number>) => {
    if ((seen.get(slug) ?? -1) >= depth) return
    seen.set(slug, depth)
    const walk = (fields: readonly WalkedField[] | undefined) => {
      for (const field of fields ?? []) {
        if (args.isHidden(field)) continue
        if (field.type === 'join') {
          for (const other of named(field.collection)) found.add(other)
        }
        if (field.type === 'richText' && depth > 0) {
          for (const other of args.richTextShows) found.add(other)
        }
        if ((field.type === 'relationship' || field.type === 'upload') && depth > 0) {
          for (const other of named(field.relationTo)) {
            found.add(other)
            visit(other, depth - 1, seen)
          }
        }
        walk(field.fields)
        for (const tab of field.tabs ?? []) walk(tab.fields)
        for (const block of field.blocks ?? []) walk(block.fields)
        for (const block of field.blockReferences ?? []) {
          walk(typeof block === 'string' ? blocks.get(block)?.fields : block.fields)
        }
      }
    }
    walk(bySlug.get(slug)?.fields)
  }
  visit(args.slug, args.depth, new Map())
  found.delete(args.slug)
  return [...found].sort()
}
