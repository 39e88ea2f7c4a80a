import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig } from 'payload'

import { Articles } from './collections/Articles'
import { articleIndexes } from './collections/Articles/articleIndexes'
import { AuditLog } from './collections/AuditLog'
import { Authors } from './collections/Authors'
import { Comments } from './collections/Comments'
import { Consumers } from './collections/Consumers'
import { Inquiries } from './collections/Inquiries'
import { orderReportIndex } from './collections/orderReportIndex'
import { Pages } from './collections/Pages'
import { searchIndexes } from './collections/searchIndexes'
import { Tags } from './collections/Tags'
import { Orders } from './collections/Orders'
import { Products } from './collections/Products'
import { StripeEvents } from './collections/StripeEvents'
import { Users } from './collections/Users'
import { WebhookDeliveries } from './collections/webhooks/WebhookDeliveries'
import { WebhookEventTypes } from './collections/webhooks/WebhookEventTypes'
import { WebhookSubscriptions } from './collections/webhooks/WebhookSubscriptions'
import { emailAdapter } from './email/emailAdapter'
import { adminAction } from './endpoints/adminAction'
import { contact } from './endpoints/contact'
import { rateLimitTable } from './endpoints/http/rateLimitTable'
import { startInquiryNotifier } from './operations/contact/sendInquiryNotices'
import { me } from './endpoints/me'
import { openApiEndpoint } from './endpoints/openapi'
import { salesReportEndpoint } from './endpoints/reports/sales'
import { search } from './endpoints/search'
import { searchV1 } from './endpoints/v1/search'
import { articlesV1 } from './endpoints/v1/articles'
import { articlesV2 } from './endpoints/v2/articles'
import { webhookEndpoints } from './endpoints/webhooks'
import { outboxTable } from './webhooks/outboxTable'
import { startWorkerInApp } from './webhooks/startWorkerInApp'
import { webhookIndexes } from './webhooks/webhookIndexes'

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
  collections: [
    Articles,
    Authors,
    Tags,
    Comments,
    Pages,
    Inquiries,
    Users,
    Consumers,
    AuditLog,
    Products,
    Orders,
    StripeEvents,
    WebhookSubscriptions,
    WebhookEventTypes,
    WebhookDeliveries,
  ],
  endpoints: [
    openApiEndpoint,
    me,
    adminAction,
    contact,
    salesReportEndpoint,
    search,
    searchV1,
    ...articlesV1,
    ...articlesV2,
    ...webhookEndpoints,
  ],
  editor: lexicalEditor(),
  email: emailAdapter(),
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL || '' },
    // Development pushes the schema; production (and CI's migration check) use migrations.
    push: process.env.PAYLOAD_DB_PUSH !== 'false',
    migrationDir: path.resolve(dirname, 'migrations'),
    beforeSchemaInit: [rateLimitTable, outboxTable],
    afterSchemaInit: [articleIndexes, searchIndexes, orderReportIndex, webhookIndexes],
    // Trigram indexes for search (collections/searchIndexes.ts).
    extensions: ['pg_trgm'],
  }),
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  cors: {
    origins: process.env.CORS_ORIGINS ? process.env.CORS_ORIGINS.split(',') : '*',
    headers: ['x-api-key', 'x-request-id', 'idempotency-key'],
  },
  telemetry: false,
  onInit: async (payload) => {
    startInquiryNotifier(payload)
    await startWorkerInApp(payload)
  },
})
