import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'

import { AuditLog } from './collections/AuditLog'
import { Consumers } from './collections/Consumers'
import { Orders } from './collections/Orders'
import { Products } from './collections/Products'
import { StripeEvents } from './collections/StripeEvents'
import { Users } from './collections/Users'
import { emailAdapter } from './email/emailAdapter'
import { adminAction } from './endpoints/adminAction'
import { rateLimitTable } from './endpoints/http/rateLimitTable'
import { me } from './endpoints/me'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  serverURL: process.env.SERVER_URL || '',
  secret: process.env.PAYLOAD_SECRET || '',
  admin: {
    user: Users.slug,
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: { titleSuffix: ' - Content & Shop' },
    // Gravatar would send every admin's e-mail hash to a third party (and is unreachable offline).
    avatar: 'default',
  },
  collections: [Users, Consumers, AuditLog, Products, Orders, StripeEvents],
  endpoints: [me, adminAction],
  editor: lexicalEditor(),
  email: emailAdapter(),
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL || '' },
    // Development pushes the schema; production (and CI's migration check) use migrations.
    push: process.env.PAYLOAD_DB_PUSH !== 'false',
    migrationDir: path.resolve(dirname, 'migrations'),
    beforeSchemaInit: [rateLimitTable],
  }),
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  cors: {
    origins: process.env.CORS_ORIGINS ? process.env.CORS_ORIGINS.split(',') : '*',
    headers: ['x-api-key', 'x-request-id', 'idempotency-key'],
  },
  telemetry: false,
})
