import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  SanitizedConfig,
} from 'payload'

import { changeTags, contentCollections } from '@/answerCache/answerTags'
import { announceChange } from '@/answerCache/operations/announceChange'

/**
 * Drops the cached answers that may hold a document when it changes (a save, a draft, a
 * publication by the jobs queue or a release, a locale's text) or goes: a NOTIFY in the write's
 * transaction, delivered to every instance at its commit (`src/answerCache`).
 */
export const invalidateAnswersOnChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  req,
}) => {
  await announceChange(req, changeTags(collection.slug, (doc as { id: string | number }).id))
  return doc
}

/** The same when a document is deleted. */
export const invalidateAnswersOnDelete: CollectionAfterDeleteHook = async ({
  collection,
  doc,
  id,
  req,
}) => {
  await announceChange(
    req,
    changeTags(collection.slug, (doc as { id?: string | number })?.id ?? id),
  )
  return doc
}

/** `collection` with the hooks that drop the answers holding its documents. */
export function withAnswerInvalidation(collection: CollectionConfig) {
  collection.hooks = {
    ...collection.hooks,
    afterChange: [...(collection.hooks?.afterChange ?? []), invalidateAnswersOnChange],
    afterDelete: [...(collection.hooks?.afterDelete ?? []), invalidateAnswersOnDelete],
  }
}

/**
 * The configuration with answer invalidation on every collection whose documents the content
 * API shows (`contentCollections`): one registration, after each collection's own hooks.
 */
export function withAnswerInvalidations(config: SanitizedConfig): SanitizedConfig {
  const slugs = new Set<string>(contentCollections)
  for (const collection of config.collections) {
    if (slugs.has(collection.slug)) withAnswerInvalidation(collection as CollectionConfig)
  }
  return config
}
