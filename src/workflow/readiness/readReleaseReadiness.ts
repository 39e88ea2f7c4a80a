import type { Field, Payload, PayloadRequest, TypedLocale } from 'payload'

import { configOf } from '@/config/appConfig'
import { localeLabel } from '@/text/locales'
import type { ReleaseItem } from '../releaseActions'
import { itemReadiness, type DocumentState, type ItemReadiness } from '../releaseReadiness'
import type { ReviewedCollection } from '../stages'

/** A release as its page shows it: where it stands, and each line's readiness. */
export type ReleaseOverview = {
  status: 'open' | 'released' | 'failed'
  releaseAt: string | undefined
  releasedAt: string | undefined
  result: string | undefined
  /** Each line, in the release's order, with whether it would go through now. */
  items: (ReleaseItem & ItemReadiness)[]
}

type StoredRelease = {
  status?: string | null
  releaseAt?: string | null
  releasedAt?: string | null
  result?: string | null
  scheduledBy?: number | { id: number } | null
  items?: {
    document?: { relationTo: string; value: unknown } | null
    action?: string | null
    locale?: string | null
  }[]
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0)

/** The top-level required fields of `fields` (by label), those per language only if `localizedOnly`. */
function requiredFields(fields: Field[], localizedOnly: boolean) {
  return fields.flatMap((field) =>
    'name' in field &&
    'required' in field &&
    field.required &&
    (!localizedOnly || ('localized' in field && field.localized))
      ? [{ name: field.name, label: typeof field.label === 'string' ? field.label : field.name }]
      : [],
  )
}

const labelOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

/**
 * Reads release `releaseId` and each of its documents as they are now (the newest draft, in the
 * language the line publishes, without another language's text in its place), and says of each
 * line whether it would go through for whoever releases it: the scheduler when it is scheduled,
 * else `req`'s user. Read with the access of `req`'s user.
 */
export async function readReleaseReadiness(
  payload: Payload,
  { releaseId, req }: { releaseId: number; req: PayloadRequest },
): Promise<ReleaseOverview | undefined> {
  const release = (await payload.findByID({
    collection: 'releases',
    id: releaseId,
    depth: 1,
    disableErrors: true,
    overrideAccess: false,
    user: req.user,
  })) as StoredRelease | null
  if (!release) return undefined
  const settings = configOf(payload).workflow
  const defaultLocale = payload.config.localization
    ? payload.config.localization.defaultLocale
    : undefined
  const scheduler = typeof release.scheduledBy === 'object' ? release.scheduledBy : undefined
  const releaser = release.releaseAt && scheduler ? scheduler : req.user
  const role = (releaser as { role?: string | null } | null | undefined)?.role ?? undefined
  const items = await Promise.all(
    (release.items ?? []).map(async (line) => {
      const value = line.document?.value
      const item: ReleaseItem = {
        collection: line.document?.relationTo as ReviewedCollection,
        id: Number(value && typeof value === 'object' ? (value as { id: unknown }).id : value),
        action: line.action === 'unpublish' ? 'unpublish' : 'publish',
        locale: line.locale || 'all',
      }
      const document = await documentState(payload, item, defaultLocale, req)
      const readiness = itemReadiness({
        item,
        document,
        stages: settings.stages[item.collection] ?? [],
        isReviewRequired: settings.reviewRequired.includes(item.collection),
        role,
        languageOf: localeLabel,
      })
      return { ...item, ...readiness }
    }),
  )
  return {
    status: (release.status as ReleaseOverview['status']) ?? 'open',
    releaseAt: release.releaseAt ?? undefined,
    releasedAt: release.releasedAt ?? undefined,
    result: release.result ?? undefined,
    items,
  }
}

async function documentState(
  payload: Payload,
  item: ReleaseItem,
  defaultLocale: string | undefined,
  req: PayloadRequest,
): Promise<DocumentState | undefined> {
  const collection = payload.collections[item.collection]
  if (!collection || !Number.isInteger(item.id)) return undefined
  const isOneLanguage = item.locale !== 'all'
  const doc = (await payload.findByID({
    collection: item.collection,
    id: item.id,
    depth: 0,
    draft: true,
    disableErrors: true,
    locale: (isOneLanguage ? item.locale : defaultLocale) as TypedLocale | undefined,
    ...(isOneLanguage ? { fallbackLocale: false as const } : {}),
    // The page's user, not its request: a locale given with `req` would become the page's.
    overrideAccess: false,
    user: req.user,
  })) as Record<string, unknown> | null
  if (!doc) return undefined
  const required = requiredFields(collection.config.fields, isOneLanguage)
  return {
    title: (doc.title ?? doc.name) as string | undefined,
    stage: (doc.reviewStage as string | undefined) ?? undefined,
    missingFields: required
      .filter((field) => isEmpty(doc[field.name]))
      .map((field) => labelOf(field.label)),
  }
}
