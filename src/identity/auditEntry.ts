/** Who acted, as the audit log records it. */
export type AuditActorKind = 'user' | 'consumer' | 'system' | 'anonymous'

/** The actor of an audit log entry. */
export type AuditActor = {
  /** A signed-in person, an API consumer, the system's own work, or nobody signed in. */
  kind: AuditActorKind
  /** The user's id, for `user`. */
  userId?: number
  /** The consumer's id, for `consumer`. */
  consumerId?: string
  /** The user's e-mail or the consumer's name at the time (kept after either is deleted). */
  name?: string
  /** Through what: a session, a key, a portal session, or which part of the system. */
  via?: string
}

/** Where an entry came from: recorded by the app, or an action name a caller sent. */
export type AuditSource = 'recorded' | 'caller-given'

/** What changed in one field: both values, or only the fact (a secret, or a value too long). */
export type FieldChange = { from: unknown; to: unknown } | { hidden: 'secret' | 'too long' }

/** The caller Payload put in `req.user`, as far as the audit log reads it. */
export type AuditedCaller = {
  collection: string
  id: number | string
  email?: unknown
  name?: unknown
  _strategy?: unknown
  _sid?: unknown
}

/** How a strategy's name reads in an entry's `via`. */
const strategyLabels: Record<string, string> = {
  'local-jwt': 'session',
  'api-key': 'API key',
  'x-api-key': 'X-API-Key',
  'portal-session': 'portal session',
}

/**
 * The actor of a change: the system when it runs inside the system's work (`systemWork`,
 * whatever user a nested call names), else the caller of `req` (with the session, key or portal
 * session it came through), else the system for a Local API call made without a user, else an
 * anonymous caller (a sign-up, a guest's checkout).
 */
export function actorOf(args: {
  caller: AuditedCaller | null | undefined
  systemWork: string | undefined
  isLocalApi: boolean
  portalSession?: { id: number; openedBy: string }
}): AuditActor {
  const { caller } = args
  if (args.systemWork) return { kind: 'system', via: args.systemWork }
  if (!caller) return args.isLocalApi ? { kind: 'system', via: 'Local API' } : { kind: 'anonymous' }
  const strategy = typeof caller._strategy === 'string' ? caller._strategy : undefined
  let via = strategy ? (strategyLabels[strategy] ?? strategy) : undefined
  if (strategy === 'local-jwt' && typeof caller._sid === 'string') via = `session ${caller._sid}`
  if (strategy === 'portal-session' && args.portalSession) {
    via = `portal session ${args.portalSession.id}, opened by ${args.portalSession.openedBy}`
  }
  if (caller.collection === 'users') {
    return {
      kind: 'user',
      userId: Number(caller.id),
      name: typeof caller.email === 'string' ? caller.email : undefined,
      via,
    }
  }
  return {
    kind: 'consumer',
    consumerId: String(caller.id),
    name: typeof caller.name === 'string' ? caller.name : undefined,
    via,
  }
}

/** Field names whose values never enter the log, whatever collection they belong to. */
const secretName = /password|secret|token|hash|salt|^api_?key|session/i

/** Whether a field's value is secret: marked so (`custom.isSecret`), or named like a secret. */
export const isSecretField = (field: { name: string; custom?: Record<string, unknown> }) =>
  field.custom?.isSecret === true || secretName.test(field.name)

/** Longest value (as JSON) an entry keeps; a longer one is recorded as changed, without values. */
export const maxValueLength = 2000

/**
 * The fields an entry never lists: bookkeeping every write changes, and what a password or key
 * change changes with it (the entry lists `password` or `apiKey`).
 */
const bookkeeping = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'loginAttempts',
  'lockUntil',
  'hash',
  'salt',
  'sessions',
  'apiKeyIndex',
])

/** A document another one embeds (a relation read at some depth): its id. */
const isDocument = (value: object) =>
  'id' in value && ('updatedAt' in value || 'createdAt' in value)

/** `value` with every embedded document replaced by its id, so depth never reads as a change. */
export function withDocumentsAsIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withDocumentsAsIds)
  if (value === null || typeof value !== 'object') return value
  if (isDocument(value)) return (value as { id: unknown }).id
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, withDocumentsAsIds(inner)]),
  )
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The fields a write changed, `before` (absent for a create) against `after`: each with its old
 * and new value, or only the fact for a secret field (values never recorded) and for a value
 * longer than `maxValueLength` as JSON. `secretsWritten` names secret fields the write set
 * although the document does not show them (a password). A create lists the fields it set.
 */
export function fieldChanges(args: {
  fields: { name: string; custom?: Record<string, unknown> }[]
  before: Record<string, unknown> | undefined
  after: Record<string, unknown>
  secretsWritten?: string[]
}): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {}
  for (const field of args.fields) {
    // A field the document as read does not show (hidden, or unreadable) is not known to change.
    if (bookkeeping.has(field.name) || !(field.name in args.after)) continue
    const from = withDocumentsAsIds(args.before?.[field.name])
    const to = withDocumentsAsIds(args.after[field.name])
    if (same(from, to) || (!args.before && (to === null || to === undefined))) continue
    if (isSecretField(field)) {
      changes[field.name] = { hidden: 'secret' }
    } else if (JSON.stringify({ from, to }).length > maxValueLength) {
      changes[field.name] = { hidden: 'too long' }
    } else {
      changes[field.name] = { from: from ?? null, to: to ?? null }
    }
  }
  for (const name of args.secretsWritten ?? []) changes[name] = { hidden: 'secret' }
  return changes
}

/** What kind of write a collection's hook saw. */
export type WriteKind =
  | { operation: 'create' | 'update'; isDraftSave: boolean; isRestore: boolean }
  | { operation: 'delete' }

/**
 * The action an editor would name a write by: `restore` for a version restored; on a collection
 * with drafts, `publish` when the write leaves the document published and it was not (or did not
 * exist), `unpublish` when a write that is not a draft save leaves a published document a draft;
 * else `create`, `update` or `delete`. Users and consumers name some changes apart:
 * `role-change`, `key-change`, `grant-change`; an administrator's suspension of a consumer or a
 * subscription is `suspend`, and its end `end-suspension` (by the suspension's value after the
 * write, `suspendedAfter`); an administrator's archiving of an order `archive`, and bringing it
 * back `unarchive` (by `archivedAfter`).
 */
export function writeAction(args: {
  collection: string
  hasDrafts: boolean
  kind: WriteKind
  statusBefore: unknown
  statusAfter: unknown
  changedFields: string[]
  /** The document's `suspended` after the write (consumers and subscriptions have one). */
  suspendedAfter?: unknown
  /** The document's `archivedAt` after the write (orders have one). */
  archivedAfter?: unknown
}): string {
  const { kind } = args
  if (kind.operation === 'delete') return 'delete'
  if (kind.isRestore) return 'restore'
  if (args.hasDrafts) {
    const wasPublished = args.statusBefore === 'published'
    if (args.statusAfter === 'published' && !wasPublished) return 'publish'
    if (args.statusAfter === 'draft' && wasPublished && !kind.isDraftSave) return 'unpublish'
  }
  if (kind.operation === 'update') {
    if (args.collection === 'users' && args.changedFields.includes('role')) return 'role-change'
    const isSuspendable =
      args.collection === 'consumers' || args.collection === 'webhook-subscriptions'
    if (isSuspendable && args.changedFields.includes('suspended')) {
      return args.suspendedAfter === true ? 'suspend' : 'end-suspension'
    }
    if (args.collection === 'consumers' && args.changedFields.some((name) => /apiKey/.test(name))) {
      return 'key-change'
    }
    if (args.collection === 'consumers' && args.changedFields.includes('grants')) {
      return 'grant-change'
    }
    if (args.collection === 'orders' && args.changedFields.includes('archivedAt')) {
      return args.archivedAfter ? 'archive' : 'unarchive'
    }
  }
  return kind.operation
}

/**
 * Whether a write by the system is recorded: only where it changes a business record a person
 * would ask about (orders, articles, pages, products). The system's other writes (delivery
 * bookkeeping, Stripe's processed events, locks, jobs) are not.
 */
export const isRecordedSystemWrite = (collection: string) =>
  ['orders', 'articles', 'pages', 'products'].includes(collection)
