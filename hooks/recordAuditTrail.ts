import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionAfterLoginHook,
  CollectionAfterLogoutHook,
  CollectionAfterOperationHook,
  CollectionBeforeOperationHook,
  CollectionSlug,
  FlattenedField,
  PayloadRequest,
} from 'payload'

import {
  fieldChanges,
  isRecordedSystemWrite,
  isSecretField,
  writeAction,
  type AuditActor,
} from '@/identity/auditEntry'
import { actorOfRequest, recordAudit } from '@/identity/operations/recordAudit'

/** What `beforeOperation` saw of a write that `afterChange` cannot: its arguments. */
type WriteNote = {
  isDraftSave: boolean
  isAutosave: boolean
  isRestore: boolean
  /** For an update that makes a document a draft: whether its row was published before. */
  wasPublished?: boolean
  secretsWritten: string[]
}

const noteKey = (slug: string) => `auditWrite:${slug}`

/** What a password reset's result and request say of the account. */
type AuditedUser = { id?: number | string; email?: unknown }

/** The collection as the trail reads it (Payload's sanitized config). */
export type AuditedCollection = {
  slug: string
  flattenedFields: FlattenedField[]
  versions?: unknown
}

const hasDrafts = (collection: AuditedCollection) =>
  Boolean((collection.versions as { drafts?: unknown } | undefined)?.drafts)

/** The fields whose values make a document (not the admin panel's UI or joins). */
const valueFields = (collection: AuditedCollection) =>
  collection.flattenedFields.filter((field) => field.type !== 'join')

const idOf = (value: unknown) =>
  value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value

/** A scheduled publication's job: the document, what is due, and who scheduled it. */
type ScheduleInput = {
  type?: string
  locale?: string
  doc?: { relationTo: string; value: string | number }
  user?: { relationTo: string; value: string | number }
}

/** The scheduler of a `schedulePublish` job (Payload queues it without a request or user). */
function schedulerOf(input: ScheduleInput, req: PayloadRequest): AuditActor {
  const actor = actorOfRequest(req)
  if (actor.kind !== 'system' || input.user?.relationTo !== 'users') return actor
  return { kind: 'user', userId: Number(input.user.value), via: 'admin panel' }
}

/** The entry of a write to Payload's jobs: scheduling or cancelling a publication only. */
export async function recordSchedule(
  req: PayloadRequest,
  doc: { taskSlug?: unknown; input?: unknown; waitUntil?: unknown },
  action: 'schedule' | 'unschedule',
) {
  if (doc.taskSlug !== 'schedulePublish') return
  const input = (doc.input ?? {}) as ScheduleInput
  if (!input.doc) return
  await recordAudit(req, {
    action,
    actor: schedulerOf(input, req),
    target: { collection: input.doc.relationTo, id: idOf(input.doc.value) as string },
    data: { type: input.type ?? 'publish', at: doc.waitUntil, locale: input.locale ?? null },
  })
}

/**
 * Hooks that append an audit log entry for every write to `collection`, in the write's
 * transaction: the actor, the action an editor would name it by (`create`, `update`, `delete`,
 * `publish`, `unpublish`, `restore`, `role-change`, `key-change`, `grant-change`, `suspend`,
 * `end-suspension`, `archive`, `unarchive`: `writeAction`), the document
 * (and the locale written, for a localized field), and the fields changed (secret ones only as
 * changed). Not recorded: autosaves (the next save or publication lists what they changed), and
 * the system's writes outside orders, articles, pages and products. On Payload's jobs, the
 * cancelling of a scheduled publication is recorded as `unschedule` of its document (its
 * queueing, which runs no hook, by `recordScheduledPublications`). On an auth collection,
 * logins and logouts too.
 */
export function recordAuditTrail(collection: AuditedCollection) {
  const fields = valueFields(collection)
  const localized = new Set(fields.filter((field) => field.localized).map((field) => field.name))
  const secretNames = fields.filter(isSecretField).map((field) => field.name)
  const isJobs = collection.slug === 'payload-jobs'

  const isSkipped = (req: PayloadRequest) =>
    actorOfRequest(req).kind === 'system' && !isRecordedSystemWrite(collection.slug)

  /**
   * Whether document `id` is published now (its row, not its newest version, which may be a
   * draft saved over it): read only for a write that makes a document a draft (an unpublication).
   */
  const isPublishedRow = async (req: PayloadRequest, id: unknown) => {
    if (typeof id !== 'string' && typeof id !== 'number') return false
    const row = await req.payload.db.findOne<{ id: number | string; _status?: string }>({
      collection: collection.slug as CollectionSlug,
      where: { id: { equals: id } },
      req,
    })
    return row?._status === 'published'
  }

  const beforeOperation: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
    if (operation !== 'create' && operation !== 'update' && operation !== 'restoreVersion') {
      return args
    }
    const written = (args as { data?: Record<string, unknown> }).data ?? {}
    const draftArg = (args as { draft?: boolean }).draft === true
    const note: WriteNote = {
      isDraftSave: draftArg && written._status !== 'published',
      isAutosave: (args as { autosave?: boolean }).autosave === true,
      isRestore: operation === 'restoreVersion',
      wasPublished:
        operation === 'update' && hasDrafts(collection) && !draftArg && written._status === 'draft'
          ? await isPublishedRow(req, (args as { id?: unknown }).id)
          : undefined,
      // A password is gone from the document and the hook's data by the time the write is done.
      secretsWritten: [
        ...secretNames.filter((name) => written[name] !== undefined),
        ...('password' in written && written.password ? ['password'] : []),
      ],
    }
    req.context[noteKey(collection.slug)] = note
    return args
  }

  const afterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
    // Jobs are queued without hooks (`recordScheduledPublications`) and run by the system.
    if (isJobs) return doc
    const note = req.context[noteKey(collection.slug)] as WriteNote | undefined
    if (note?.isAutosave || isSkipped(req)) return doc
    const before = operation === 'create' ? undefined : (previousDoc as Record<string, unknown>)
    const changes = fieldChanges({
      fields,
      before,
      after: doc,
      secretsWritten: [...new Set(note?.secretsWritten ?? [])],
    })
    const changedFields = Object.keys(changes)
    const action = writeAction({
      collection: collection.slug,
      hasDrafts: hasDrafts(collection),
      kind: {
        operation,
        isDraftSave: note?.isDraftSave ?? false,
        isRestore: note?.isRestore ?? false,
      },
      statusBefore: note?.wasPublished ? 'published' : before?._status,
      statusAfter: doc._status,
      changedFields,
      suspendedAfter: doc.suspended,
      archivedAfter: doc.archivedAt,
    })
    const isLocalized = changedFields.some((name) => localized.has(name))
    await recordAudit(req, {
      action,
      target: {
        collection: collection.slug,
        id: doc.id,
        locale: isLocalized && req.locale !== 'all' ? req.locale : null,
      },
      changes,
      data: note?.isDraftSave && action === 'update' ? { draft: true } : undefined,
    })
    return doc
  }

  const afterDelete: CollectionAfterDeleteHook = async ({ doc, id, req }) => {
    if (isJobs) {
      await recordSchedule(req, doc, 'unschedule')
      return doc
    }
    if (isSkipped(req)) return doc
    const actor = actorOfRequest(req)
    // Someone deleting their own account: the entry cannot point at the user that is gone.
    const isSelf = collection.slug === 'users' && actor.userId === Number(id)
    await recordAudit(req, {
      action: 'delete',
      actor: isSelf ? { ...actor, userId: undefined } : actor,
      target: { collection: collection.slug, id },
    })
    return doc
  }

  const afterLogin: CollectionAfterLoginHook = async ({ req, user }) => {
    await recordAudit(req, {
      action: 'login',
      target: { collection: collection.slug, id: user.id },
      actor: { ...actorOfRequest(req), via: 'password' },
    })
    return user
  }

  const afterLogout: CollectionAfterLogoutHook = async ({ req }) => {
    if (req.user) {
      await recordAudit(req, {
        action: 'logout',
        target: { collection: collection.slug, id: req.user.id },
      })
    }
  }

  /**
   * A password reset and its request: Payload writes both with the adapter alone (no change
   * hook), and runs this after its own commit, so the entry follows the change at once.
   */
  const afterOperation: CollectionAfterOperationHook = async ({ args, operation, req, result }) => {
    if (operation !== 'forgotPassword' && operation !== 'resetPassword') return result
    const user = operation === 'resetPassword' ? (result as { user?: AuditedUser }).user : undefined
    const email =
      operation === 'forgotPassword' ? (args as { data?: AuditedUser }).data?.email : user?.email
    await recordAudit(req, {
      action: operation === 'resetPassword' ? 'password-reset' : 'password-reset-requested',
      actor: {
        kind: 'anonymous',
        name: typeof email === 'string' ? email : undefined,
        via: operation === 'resetPassword' ? 'reset token' : undefined,
      },
      target: { collection: collection.slug, id: user?.id },
      changes: operation === 'resetPassword' ? { password: { hidden: 'secret' } } : undefined,
    })
    return result
  }

  return { beforeOperation, afterChange, afterDelete, afterLogin, afterLogout, afterOperation }
}
