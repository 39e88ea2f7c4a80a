/*
 * Images embedded in an article's Lexical body: upload nodes (`{ type: 'upload', relationTo:
 * 'media', value: <id> }`). The API shows each with the image's URLs in place of the bare id.
 */

type Node = { type?: unknown; relationTo?: unknown; value?: unknown; children?: unknown }

const isMediaUpload = (node: Node) => node.type === 'upload' && node.relationTo === 'media'

const idOf = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'object' &&
        value !== null &&
        typeof (value as { id?: unknown }).id === 'number'
      ? (value as { id: number }).id
      : undefined

/** The ids of the media embedded in `body`, in document order. */
export function embeddedImageIds(body: unknown): number[] {
  const ids: number[] = []
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return
    const current = node as Node
    if (isMediaUpload(current)) {
      const id = idOf(current.value)
      if (id !== undefined) ids.push(id)
    }
    if (Array.isArray(current.children)) current.children.forEach(walk)
    if ('root' in current) walk((current as { root: unknown }).root)
  }
  walk(body)
  return ids
}

/**
 * `body` with each embedded media node's `value` replaced by what `imageOf` gives for its id
 * (`null` for an image that no longer exists). `body` itself is not changed.
 */
export function withEmbeddedImages<Image>(
  body: unknown,
  imageOf: (id: number) => Image | undefined,
): unknown {
  const map = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node
    if (Array.isArray(node)) return node.map(map)
    const current = node as Node & Record<string, unknown>
    const copy: Record<string, unknown> = { ...current }
    if (isMediaUpload(current)) {
      const id = idOf(current.value)
      copy.value = id === undefined ? null : (imageOf(id) ?? null)
    }
    if (Array.isArray(current.children)) copy.children = current.children.map(map)
    if ('root' in current) copy.root = map(current.root)
    return copy
  }
  return map(body)
}
