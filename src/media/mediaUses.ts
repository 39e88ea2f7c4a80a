/*
 * What keeps an image from being deleted, and how the refusal names it.
 *
 * An image is in use while something a reader sees or an editor is about to publish shows it:
 * - an article's or a page's published version (the document's own row while it is published),
 *   as the cover or as an upload node anywhere in the rich text (`body`, `content`);
 * - the current draft of an article or a page (its latest version), the same way: it would be
 *   published with a hole otherwise. A document that has no version at all (written before
 *   versions were kept) counts with its own row;
 * - a product's gallery (`images`).
 * Older versions in the history do not keep an image: they are superseded, and keeping every
 * image any of the up to 50 versions a document keeps ever showed would make images practically
 * undeletable. Restoring such a version after its image was deleted shows it without the image
 * (the cover empty, the upload node's image missing), which the editor sees before publishing.
 */

export type MediaUse = {
  kind: 'article' | 'page' | 'product'
  id: number
  title: string | null
  /** The document's draft (not what is published) uses the image. */
  draft: boolean
}

/** How many uses the refusal names; more are summed up as "and others". */
export const namedUses = 5

const placeOf = ({ kind, id, title, draft }: MediaUse) =>
  `${kind} ${id}${draft ? ' (draft)' : ''}${title ? ` "${title}"` : ''}`

/**
 * The refusal's message: each use (at most `namedUses`, then "and others"), e.g.
 * `This image is still used by article 12 "Autumn walk", page 3 (draft) "About"; replace it there
 * before deleting it`.
 */
export function mediaInUseMessage(uses: readonly MediaUse[]): string {
  const places = uses.slice(0, namedUses).map(placeOf).join(', ')
  const others = uses.length > namedUses ? ' and others' : ''
  return `This image is still used by ${places}${others}; replace it there before deleting it`
}
