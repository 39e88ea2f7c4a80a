import { custom, flag, text, wholeNumber } from '@/config/readers'
import { optional, setting, type ValuesOf } from '@/config/variables'

declare module '@/config/appConfig' {
  interface AppConfig {
    database: DatabaseSettings
  }
}

/** The database this process works on. */
export type DatabaseSettings = {
  /** `DATABASE_URL`. */
  url: string
  /** `PAYLOAD_DB_PUSH`. */
  push: boolean
  /** `DATABASE_REPLICA_URLS`: read replicas of `url` (none: every query goes to `url`). */
  replicaUrls: string[]
}

/** `DATABASE_REPLICA_URLS`: each entry a postgres:// or postgresql:// address. */
function replicaUrls(raw: string): string[] {
  const urls = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/\S+$/.test(url)) {
      throw new Error(
        `is not a list of postgres:// addresses ("${url.replace(/:[^:@/]*@/, ':***@')}")`,
      )
    }
  }
  return urls
}

/** The variables of the database. */
export const databaseVariables = {
  DATABASE_URL: optional({
    group: 'Database',
    description: 'PostgreSQL connection string.',
    reader: text,
    unset:
      '`npm run dev` and `npm start` run an embedded PostgreSQL in `.data/postgres` (databases `app_dev` and `app`)',
    isEssential: true,
  }),
  DATABASE_REPLICA_URLS: optional({
    group: 'Database',
    description:
      'Comma-separated connection strings of read replicas of `DATABASE_URL` (streaming replicas). Public reads outside a transaction may go to one; writes, transactions and the reads that must see the latest state go to the primary.',
    reader: custom('comma-separated PostgreSQL connection strings', replicaUrls),
    unset: 'every query goes to `DATABASE_URL`',
  }),
  EMBEDDED_POSTGRES_PORT: setting({
    group: 'Database',
    description: 'Port of the embedded PostgreSQL when `DATABASE_URL` is unset.',
    reader: wholeNumber({ min: 1, max: 65_535 }),
    fallback: '54329',
    isScriptOnly: true,
  }),
  PAYLOAD_DB_PUSH: setting({
    group: 'Database',
    description:
      '`false`: never push the schema from the collections (production applies migrations; tests use a prepared schema).',
    reader: flag,
    fallback: 'true',
  }),
}

/** The database's settings from its variables' values. */
export function databaseSettings(v: ValuesOf<typeof databaseVariables>): DatabaseSettings {
  return {
    url: v.DATABASE_URL ?? '',
    push: v.PAYLOAD_DB_PUSH,
    replicaUrls: v.DATABASE_REPLICA_URLS ?? [],
  }
}
