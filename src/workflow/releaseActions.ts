import type { ReviewedCollection } from './stages'

/** One line of a release: a document and what happens to it. */
export type ReleaseItem = {
  collection: ReviewedCollection
  id: number
  action: 'publish' | 'unpublish'
  /** A locale code, or `all`. */
  locale: string
}

/**
 * The save that carries out `item`: articles and pages change `_status` (a publication of one
 * locale publishes that locale only; an unpublication takes every locale down), products their
 * `active`. A publication publishes the document's newest draft: an edit made after the
 * document was added to the release is what goes out (no version is pinned).
 */
export function releaseSave(item: ReleaseItem): {
  data: Record<string, unknown>
  publishSpecificLocale?: string
} {
  const isPublish = item.action === 'publish'
  if (item.collection === 'products') return { data: { active: isPublish } }
  const data = { _status: isPublish ? 'published' : 'draft' }
  return isPublish && item.locale !== 'all'
    ? { data, publishSpecificLocale: item.locale }
    : { data }
}

/** Why a release failed, naming the document: `articles 12 ("Winter timetable"): <reason>`. */
export const releaseFailure = (item: ReleaseItem, title: string | undefined, reason: string) =>
  `${item.collection} ${item.id}${title ? ` ("${title}")` : ''}: ${reason}`.slice(0, 2000)
