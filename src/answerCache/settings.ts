import { onOff, wholeNumber } from '@/config/readers'
import { setting, type ValuesOf } from '@/config/variables'

declare module '@/config/appConfig' {
  interface AppConfig {
    answerCache: AnswerCacheSettings
  }
}

/** The in-process cache of public content answers (docs/operations.md, "Answer cache"). */
export type AnswerCacheSettings = {
  /** `ANSWER_CACHE=on`. */
  isOn: boolean
  /** `ANSWER_CACHE_MAX_ENTRIES`. */
  maxEntries: number
  /** `ANSWER_CACHE_MAX_MB`, in bytes. */
  maxBytes: number
  /** `ANSWER_CACHE_SHARED_SECONDS`: `s-maxage` of answers a shared cache may keep. */
  sharedMaxAgeSeconds: number
  /** `ANSWER_CACHE_STALE_SECONDS`: their `stale-while-revalidate`. */
  staleSeconds: number
}

/** The variables of the answer cache. */
export const answerCacheVariables = {
  ANSWER_CACHE: setting({
    group: 'Content and media',
    description:
      '`off`: every content read (articles, comments, pages, products, media, search) is computed from the database; `on`: answers are kept in memory until a change drops them (on every instance, through PostgreSQL NOTIFY).',
    reader: onOff,
    fallback: 'on',
  }),
  ANSWER_CACHE_MAX_ENTRIES: setting({
    group: 'Content and media',
    description:
      'Answers the cache of one app process holds at most (least recently used go first).',
    reader: wholeNumber({ min: 1, max: 10_000_000 }),
    fallback: '10000',
  }),
  ANSWER_CACHE_MAX_MB: setting({
    group: 'Content and media',
    description: 'Megabytes of answer bodies the cache of one app process holds at most.',
    reader: wholeNumber({ min: 1, max: 65_536 }),
    fallback: '64',
  }),
  ANSWER_CACHE_SHARED_SECONDS: setting({
    group: 'Content and media',
    description:
      '`s-maxage` of public answers (no credentials): how long a shared cache (a CDN, nginx) may serve one without asking; a CDN that purges by `Cache-Tag` may keep them longer. 0: none.',
    reader: wholeNumber({ min: 0, max: 86_400 }),
    fallback: '5',
  }),
  ANSWER_CACHE_STALE_SECONDS: setting({
    group: 'Content and media',
    description:
      '`stale-while-revalidate` of public answers: how long past `s-maxage` a shared cache may serve one while it fetches the next.',
    reader: wholeNumber({ min: 0, max: 86_400 }),
    fallback: '30',
  }),
}

/** The answer cache's settings from its variables' values. */
export function answerCacheSettings(v: ValuesOf<typeof answerCacheVariables>): AnswerCacheSettings {
  return {
    isOn: v.ANSWER_CACHE,
    maxEntries: v.ANSWER_CACHE_MAX_ENTRIES,
    maxBytes: v.ANSWER_CACHE_MAX_MB * 1024 * 1024,
    sharedMaxAgeSeconds: v.ANSWER_CACHE_SHARED_SECONDS,
    staleSeconds: v.ANSWER_CACHE_STALE_SECONDS,
  }
}
