import path from 'node:path'

import {
  custom,
  decimal,
  flag,
  httpAddress,
  onOff,
  text,
  token,
  wholeNumber,
} from '@/config/readers'
import { ConfigError } from '@/config/readVariables'
import { optional, seconds, setting, type ValuesOf } from '@/config/variables'
import { parseContentLocales } from '@/text/locales'
import { isTimeZone } from '@/text/timeZone'

declare module '@/config/appConfig' {
  interface AppConfig {
    content: ContentSettings
  }
}

/** An S3 or S3-compatible bucket for the media files (`S3_*`). */
export type ObjectStorage = {
  /** `S3_BUCKET`. */
  bucket: string
  /** `S3_REGION`. */
  region: string
  /** `S3_ENDPOINT`: an S3-compatible service; unset, AWS. */
  endpoint?: string
  /** `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`; unset, the AWS SDK's own chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** `S3_FORCE_PATH_STYLE`. */
  forcePathStyle: boolean
}

/**
 * What editors write and upload: where the images are kept, the jobs queue that publishes on
 * schedule, the content's languages and the preview links.
 */
export type ContentSettings = {
  /** `MEDIA_DIRECTORY`, absolute. */
  mediaDirectory: string
  /** `S3_*`: the bucket the files are kept in; unset, `mediaDirectory`. */
  objectStorage?: ObjectStorage
  /** `MEDIA_MAX_MEGABYTES`, in bytes. */
  mediaMaxBytes: number
  /** `JOBS_POLL_SECONDS`, in milliseconds. */
  jobsPollMs: number
  /** `JOBS=on`: the app server runs the jobs queue. */
  isJobsOn: boolean
  /** `CONTENT_LOCALES`: the languages content is written in, the default first. */
  locales: readonly [string, ...string[]]
  /** `CONTENT_TIME_ZONE`: the zone publications are scheduled in unless an editor picks another. */
  timeZone: string
  /** `PREVIEW_URL`, with `{id}`, `{slug}` and `{token}` to fill in. */
  previewUrl?: string
  /** `PREVIEW_TOKEN_MINUTES`. */
  previewTokenMinutes: number
}

/** The variables of content and media. */
export const contentVariables = {
  MEDIA_DIRECTORY: setting({
    group: 'Content and media',
    description:
      'Directory the uploaded images and their generated sizes are stored in (relative to the working directory, or absolute). Back it up with the database.',
    reader: text,
    fallback: '.data/media',
  }),
  S3_BUCKET: optional({
    group: 'Content and media',
    description:
      'Store the images and every size in this S3 (or S3-compatible) bucket instead of `MEDIA_DIRECTORY`: what several app servers need. The app still serves them at `/api/media/file/...`.',
    reader: token,
    unset: 'files are stored in `MEDIA_DIRECTORY`',
  }),
  S3_REGION: setting({
    group: 'Content and media',
    description: 'Region of `S3_BUCKET`.',
    reader: token,
    fallback: 'us-east-1',
  }),
  S3_ENDPOINT: optional({
    group: 'Content and media',
    description:
      'Address of an S3-compatible service (MinIO, Ceph, R2, a loopback s3rver) instead of AWS.',
    reader: httpAddress,
    unset: "AWS's own endpoint for `S3_REGION`",
  }),
  S3_ACCESS_KEY_ID: optional({
    group: 'Content and media',
    description: 'Access key for `S3_BUCKET` (with `S3_SECRET_ACCESS_KEY`).',
    reader: token,
    unset: "the AWS SDK's own chain (its environment variables, a profile, an instance role)",
  }),
  S3_SECRET_ACCESS_KEY: optional({
    group: 'Content and media',
    description: 'Secret of `S3_ACCESS_KEY_ID`.',
    reader: token,
    unset: "the AWS SDK's own chain",
  }),
  S3_FORCE_PATH_STYLE: setting({
    group: 'Content and media',
    description:
      '`true`: address the bucket as `<endpoint>/<bucket>/<key>` (most S3-compatible services need it) rather than `<bucket>.<endpoint>/<key>`.',
    reader: flag,
    fallback: 'false',
  }),
  MEDIA_MAX_MEGABYTES: setting({
    group: 'Content and media',
    description:
      'Largest image an editor may upload, in megabytes; a larger one is refused with 413.',
    reader: decimal({ above: 0, max: 100 }, 'number of megabytes'),
    fallback: '10',
  }),
  JOBS_POLL_SECONDS: setting({
    group: 'Content and media',
    description:
      'Seconds between two looks at Payload\u2019s jobs queue (scheduled publications): a publication set for 9:00 happens by 9:00 plus this.',
    reader: seconds({ min: 0.2, max: 3600 }),
    fallback: '5',
  }),
  JOBS: setting({
    group: 'Content and media',
    description:
      '`off`: this app server does not run the jobs queue (`npm run worker` or another instance does).',
    reader: onOff,
    fallback: 'on',
  }),
  CONTENT_LOCALES: setting({
    group: 'Content and media',
    description:
      'The languages editors write in, comma-separated locale codes (`en`, `ru`, `pt-BR`); the first is the default locale: the API answers in it when asked for none, and fills a field without text in another locale from it. The database knows the locales: a changed list needs a migration (`npm run migrate:create`), as in docs/content.md.',
    reader: custom('comma-separated locale codes, the default first', parseContentLocales),
    fallback: 'en,ru',
  }),
  CONTENT_TIME_ZONE: setting({
    group: 'Content and media',
    description:
      'The site\u2019s time zone (an IANA name such as `Europe/Berlin`): the admin panel\u2019s "Schedule Publish" proposes it, and a scheduled article or page shows its time in it ("Scheduled for 28 Nov 2026, 09:00 (Europe/Berlin)") unless the editor picked another zone.',
    reader: custom('an IANA time zone name', (raw) => {
      if (!isTimeZone(raw)) throw new Error('must be an IANA time zone name, such as Europe/Berlin')
      return raw
    }),
    fallback: 'UTC',
  }),
  PREVIEW_URL: optional({
    group: 'Content and media',
    description:
      'Storefront address the admin panel\u2019s Preview button opens, with `{id}`, `{slug}`, `{token}` and `{locale}` (the locale being edited) filled in (for example `https://shop.example/preview?article={id}&token={token}&locale={locale}`).',
    reader: custom(
      'an http(s) address, with `{id}`, `{slug}` and `{token}` where they go',
      (raw) => {
        if (!/^https?:\/\/\S+$/.test(raw)) throw new Error('must be an http(s) address')
        return raw
      },
    ),
    unset:
      'Preview opens this app\u2019s own draft reader, `/api/v1/articles/{id}?preview_token={token}`',
  }),
  PREVIEW_TOKEN_MINUTES: setting({
    group: 'Content and media',
    description: 'How long a preview link is valid, in minutes.',
    reader: wholeNumber({ min: 1, max: 10_080 }),
    fallback: '60',
  }),
}

/** Content's settings from its variables' values; an S3 key without its secret cannot work. */
export function contentSettings(v: ValuesOf<typeof contentVariables>): ContentSettings {
  return {
    mediaDirectory: path.resolve(v.MEDIA_DIRECTORY),
    objectStorage: objectStorage(v),
    mediaMaxBytes: Math.round(v.MEDIA_MAX_MEGABYTES * 1024 * 1024),
    jobsPollMs: Math.round(v.JOBS_POLL_SECONDS * 1000),
    isJobsOn: v.JOBS,
    locales: v.CONTENT_LOCALES,
    timeZone: v.CONTENT_TIME_ZONE,
    previewUrl: v.PREVIEW_URL,
    previewTokenMinutes: v.PREVIEW_TOKEN_MINUTES,
  }
}

/** The media bucket of `S3_*`, when `S3_BUCKET` is set; a key without its secret cannot work. */
function objectStorage(v: ValuesOf<typeof contentVariables>): ObjectStorage | undefined {
  if (!v.S3_BUCKET) return undefined
  if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK's own chain)",
    )
  }
  return {
    bucket: v.S3_BUCKET,
    region: v.S3_REGION,
    endpoint: v.S3_ENDPOINT,
    credentials:
      v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: v.S3_FORCE_PATH_STYLE,
  }
}
