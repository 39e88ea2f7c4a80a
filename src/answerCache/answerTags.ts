/**
 * The names of what an answer holds and what a change touches, shared by the cache, the NOTIFY
 * of a change and the `Cache-Tag`/`Surrogate-Key` headers a CDN purges by:
 *
 * - `<collection>:<id>`: one document (`articles:12`, `media:3`);
 * - `<collection>`: every list of the collection, and every answer that shows documents of it
 *   without naming them (an article list shows authors: a change of any author drops it).
 *
 * A change of a document sends both; an answer names the documents it shows and the collections
 * whose changes may alter it.
 */
export const documentTag = (collection: string, id: string | number) => `${collection}:${id}`

/** The tags a change of document `id` of `collection` sends. */
export const changeTags = (collection: string, id: string | number) => [
  documentTag(collection, id),
  collection,
]

/** The collections whose documents an answer of the content API may show. */
export const contentCollections = [
  'articles',
  'authors',
  'tags',
  'comments',
  'media',
  'pages',
  'products',
] as const

/** The NOTIFY channel a committed change's tags travel on. */
export const invalidationChannel = 'answer_cache_invalidation'

/** The NOTIFY payload of `tags` (space-separated; a NOTIFY payload holds under 8000 bytes). */
export const notificationPayload = (tags: readonly string[]) => tags.join(' ')

/** The tags of a NOTIFY payload. */
export const tagsOfNotification = (payload: string | undefined) =>
  (payload ?? '').split(' ').filter(Boolean)
