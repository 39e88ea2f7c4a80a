import { z } from 'zod'

/*
 * The parts every domain's event payloads share: ids, timestamps and what a change says of
 * languages. Each domain declares its own events' `data` (src/articles, src/shop, src/contact)
 * from these; the catalogue beside this file lists them.
 *
 * What an event may carry is what its recipient, an API consumer, can read through the API when
 * it is emitted: an article while it is published, a comment once approved on a published
 * article, a product while it is active. An event about something consumers just stopped
 * reading (an unpublication, a deletion, a deactivation) only names it.
 */

/** A timestamp in an event's `data` (ISO 8601). */
export const eventTimestamp = z.iso.datetime()
/** A record's id in an event's `data`. */
export const eventRecordId = z.int().positive()

/**
 * What the `article.*` and `product.*` events say of languages: their text fields are the
 * default locale's (as consumers read without a locale), and these name the locale the change
 * wrote and those that have text.
 */
export const localeFields = {
  locale: z
    .string()
    .describe(
      'The locale whose text this change wrote (the admin panel\u2019s locale, the API write\u2019s `locale`; the default locale when none was named)',
    ),
  locales: z
    .array(z.string())
    .describe('The locales that have text, in the order of `CONTENT_LOCALES` (the default first)'),
}

/**
 * The languages of a change: the locale it wrote, the locales with text, and the text fields in
 * the default locale (what an event carries whatever locale the change wrote).
 */
export type EventText<Field extends string> = {
  locale: string
  locales: string[]
  text: Record<Field, string | null>
}

/** A relation as Payload hands it to hooks: the id, or the document at depth > 0. */
export type Relation = number | { id: number } | null | undefined

/** The id a relation names, populated or not; `null` when it names none. */
export const idOf = (relation: Relation) =>
  relation === null || relation === undefined
    ? null
    : typeof relation === 'object'
      ? relation.id
      : relation

/** The times the catalogue's example payloads are stamped with. */
export const exampleTimes = {
  at: '2026-01-15T09:30:00.000Z',
  later: '2026-01-15T10:05:00.000Z',
}
