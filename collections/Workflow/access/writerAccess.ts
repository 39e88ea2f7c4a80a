import type { Access } from 'payload'

import { hasAuthorRole, hasEditorRole, hasWriterRole } from '@/identity/roles'

/** Authors, editors and admins: whoever writes content. */
export const isWriter: Access = ({ req }) => hasWriterRole(req.user)

/**
 * Writes of a collection with drafts: editors and admins always; authors unless the change
 * publishes (`_status: 'published'`). Payload asks the same question, with that status, before
 * it shows the Publish and Schedule buttons and before it schedules a publication, so an author
 * sees neither and the API answers an author's publication 403.
 */
export const writesDrafts: Access = ({ req, data }) => {
  if (hasEditorRole(req.user)) return true
  if (!hasAuthorRole(req.user)) return false
  return (data as { _status?: unknown } | undefined)?._status !== 'published'
}

/** Deletes of a collection with drafts: editors and admins; authors what is not published. */
export const deletesDrafts: Access = ({ req }) => {
  if (hasEditorRole(req.user)) return true
  if (!hasAuthorRole(req.user)) return false
  return { _status: { not_equals: 'published' } }
}

/**
 * Writes of products, which have no drafts: a product is published while it is `active`.
 * Editors and admins always; authors unless the change makes a product active.
 */
export const writesInactiveProducts: Access = ({ req, data }) => {
  if (hasEditorRole(req.user)) return true
  if (!hasAuthorRole(req.user)) return false
  return (data as { active?: unknown } | undefined)?.active !== true
}

/** Deletes of products: editors and admins; authors the inactive ones. */
export const deletesInactiveProducts: Access = ({ req }) => {
  if (hasEditorRole(req.user)) return true
  if (!hasAuthorRole(req.user)) return false
  return { active: { equals: false } }
}
