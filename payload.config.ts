// First: the domains' event types join the webhook catalogue before anything reads it.
import '@/composition/webhookEventTypes'

import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, type CollectionConfig } from 'payload'

import type { AppConfig } from '@/config/appConfig'
import { configFromEnvironment } from '@/composition/configFromEnvironment'
import { localeLabel } from '@/text/locales'
import { dateTimePattern } from '@/text/dateTimeFormat'

import { postgres } from '@/db/transaction'
import { articleIndexes } from '@/articles/schema/articleIndexes'
import {
  articleStatusCounts,
  installArticleStatusCounts,
} from '@/articles/schema/articleStatusCounts'
import { monacoFromThisApp } from '@/components/monaco/monacoFromThisApp'
import { sharpAtLowPriority } from '@/media/resizing/sharpAtLowPriority'
import { objectStoragePlugins } from '@/media/storage/objectStoragePlugins'
import { emailAdapter } from '@/email/emailAdapter'
import { appLogger, loggingLevels } from '@/http/logging'
import { answerBadValuesAs400 } from '@/http/answerBadValuesAs400'
import { observeHttpRequests } from '@/observability/operations/observeHttpRequests'
import { rateLimitTable } from '@/http/rateLimitTable'
import { payloadCsrfOrigins, refuseCrossOriginCookies } from '@/http/sameOriginCookies'
import { limitGraphQLLists } from '@/http/limitGraphQLLists'
import { limitPayloadRoutes } from '@/http/limitPayloadRoutes'
import { accessQuery } from './collections/Identity/graphql/accessQuery'
import { orderReportIndex } from '@/reports/schema/orderReportIndex'
import { searchIndexes } from '@/search/schema/searchIndexes'
import { searchTables } from '@/search/schema/searchTables'
import { sandboxSessionTable } from '@/shop/paymentSandbox/sandboxSessionTable'
import { orderNoticeTable } from '@/shop/notices/orderNoticeTable'
import { refundTable } from '@/shop/refunds/refundTable'
import { checkoutKeyTable } from '@/shop/idempotency/checkoutKeyTable'
import { disableNoticeTable } from '@/webhooks/schema/disableNoticeTable'
import { attemptLogTable } from '@/webhooks/schema/attemptLogTable'
import { eventLogTable } from '@/webhooks/schema/eventLogTable'
import { outboxTable } from '@/webhooks/schema/outboxTable'
import { webhookIndexes } from '@/webhooks/schema/webhookIndexes'
import { decideAccessBeforeReadingBodies } from './hooks/decideAccessFirst'
import { recordScheduledPublications, withAuditTrail } from './hooks/withAuditTrail'
import { withAnswerInvalidations } from './hooks/invalidateAnswers'
import { cachePayloadReads } from '@/answerCache/operations/cachePayloadReads'
import { startBackgroundWork } from '@/lifecycle/operations/startBackgroundWork'
import { routeReadsByRequest } from '@/db/readReplicas'
import { outsideRequests } from '@/runtime/requestContext'
import { callerChecks } from '@/identity/operations/callerChecks'
import { refuseSuspendedConsumerKeys } from './collections/Identity/auth/refuseSuspendedConsumerKeys'
import { Articles, Authors, Comments, Pages, Tags } from './collections/Articles'
import { Inquiries } from './collections/Contact'
import { Media } from './collections/Media'
import { AuditLog, Consumers, Users } from './collections/Identity'
import { withHistoryLink } from './collections/Identity/historyLink'
import { withReviewStages } from './collections/Workflow/withReviewStages'
import { Releases } from './collections/Workflow/Releases'
import { releaseNowEndpoint } from './endpoints/workflow/releaseNow'
import { releaseTask } from '@/workflow/operations/releaseTask'
import { reviewNoticeTable } from '@/workflow/schema/reviewNoticeTable'
import { withPayloadCollectionAccess } from './collections/Identity/payloadCollections'
import { withoutUnusedPayloadRoutes } from './collections/Identity/payloadRoutes'
import { portalSessionTable } from '@/identity/portal/portalSessionTable'
import { Orders, Products, StockAdjustments, StripeEvents } from './collections/Shop'
import { WebhookDeliveries, WebhookEventTypes, WebhookSubscriptions } from './collections/Webhooks'
import { articlesV1 } from './endpoints/articles/v1'
import { articlesV2 } from './endpoints/articles/v2'
import { contactEndpoint } from './endpoints/contact/contact'
import { adminActionEndpoint } from './endpoints/identity/adminAction'
import { meEndpoint } from './endpoints/identity/me'
import { observabilityEndpoints } from './endpoints/observability'
import { openApiDocumentEndpoint } from './endpoints/openapi/openApiDocument'
import { salesReportEndpoint } from './endpoints/reports/salesReport'
import { searchEndpoint } from './endpoints/search/search'
import { searchV1Endpoint } from './endpoints/search/v1/search'
import { orderEndpoints } from './endpoints/shop'
import { ordersV1 } from './endpoints/shop/v1'
import {
  consumerAdminEndpoints,
  webhookDeliveryAdminEndpoints,
  webhookEndpoints,
} from './endpoints/webhooks'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** An upload collection storing its files in `directory`. */
const withMediaDirectory = (collection: CollectionConfig, directory: string): CollectionConfig => ({
  ...collection,
  upload: { ...(collection.upload as object), staticDir: directory },
})

/**
 * Payload's configuration for an app configuration (`src/config`), which rides along in
 * `custom.app` for everything that has the Payload instance (`configOf(payload)`), beside the
 * identity domain's caller checks that `defineEndpoint` applies (`callerChecksOf(payload)`).
 * The app reads its own from the environment once, below; tests build theirs. Payload's own collections
 * (locks, preferences, migrations, jobs) get our access rules once Payload has added them, the
 * routes Payload adds to collections that have no use for them are dropped, every
 * collection's write routes decide access before they read a body, every collection's writes
 * (and the logins) append to the audit trail, each document's page linking to its own, every
 * route of Payload's is behind the rate limits and the page-size cap our own routes have, and
 * every route refuses a cookie from another origin (before it counts against a limit).
 */
export const payloadConfig = (app: AppConfig) =>
  buildConfig({
    custom: { app, callerChecks },
    serverURL: app.server.url ?? '',
    secret: app.identity.payloadSecret,
    admin: {
      user: Users.slug,
      // One date format with the zone across the admin panel and the portal.
      dateFormat: dateTimePattern,
      importMap: { baseDir: path.resolve(dirname, 'src') },
      meta: { titleSuffix: ' - Content & Shop' },
      // The review board: what waits for publication, by review stage (collections/Workflow).
      components: {
        afterNavLinks: ['/components/admin/ReviewBoardLink#ReviewBoardLink'],
        views: {
          reviewBoard: {
            Component: '/components/admin/ReviewBoard#ReviewBoard',
            path: '/review',
            exact: true,
            meta: { title: 'Review board' },
          },
        },
      },
      // Gravatar would send every admin's e-mail hash to a third party (and is unreachable offline).
      avatar: 'default',
      // "Schedule Publish" proposes the site's zone (CONTENT_TIME_ZONE) and lists it, among
      // Payload's zones, beside the time of each scheduled event.
      timezones: {
        defaultTimezone: app.content.timeZone,
        supportedTimezones: ({ defaultTimezones }) =>
          defaultTimezones.some((zone) => zone.value === app.content.timeZone)
            ? defaultTimezones
            : [{ label: app.content.timeZone, value: app.content.timeZone }, ...defaultTimezones],
      },
    },
    // Editors write in CONTENT_LOCALES (the first is the default); a field without text in a
    // locale shows the default locale's. Only the text is per locale: slugs, prices, stock,
    // pictures and relations are the same in every language.
    localization: {
      locales: app.content.locales.map((code) => ({ code, label: localeLabel(code) })),
      defaultLocale: app.content.locales[0],
      fallback: true,
    },
    collections: [
      withReviewStages(Articles),
      Authors,
      Tags,
      Comments,
      withReviewStages(Pages),
      { ...Releases, endpoints: [releaseNowEndpoint] },
      withMediaDirectory(Media, app.content.mediaDirectory),
      Inquiries,
      Users,
      { ...Consumers, endpoints: consumerAdminEndpoints },
      AuditLog,
      withReviewStages(Products),
      StockAdjustments,
      // Collection endpoints live with the other handlers and are attached here.
      { ...Orders, endpoints: orderEndpoints },
      StripeEvents,
      WebhookSubscriptions,
      WebhookEventTypes,
      { ...WebhookDeliveries, endpoints: webhookDeliveryAdminEndpoints },
    ].map(withHistoryLink),
    endpoints: [
      openApiDocumentEndpoint,
      meEndpoint,
      adminActionEndpoint,
      contactEndpoint,
      salesReportEndpoint,
      searchEndpoint,
      searchV1Endpoint,
      ...articlesV1,
      ...articlesV2,
      ...ordersV1,
      ...webhookEndpoints,
      ...observabilityEndpoints,
    ],
    editor: lexicalEditor(),
    // Image sizes are made with sharp, at the lowest CPU priority so that requests run first;
    // uploads over MEDIA_MAX_MEGABYTES are refused with 413.
    sharp: sharpAtLowPriority,
    // Payload also caps a whole multipart request (50 MB by default): the file, plus a megabyte
    // for the form's other fields, so that MEDIA_MAX_MEGABYTES up to its 100 holds.
    upload: {
      limits: { fileSize: app.content.mediaMaxBytes },
      requestSizeLimit: app.content.mediaMaxBytes + 1024 * 1024,
    },
    // The jobs queue (scheduled publication) is run by startJobRunner, not on Payload's cron;
    // nobody runs it over HTTP (`/api/payload-jobs/run`), which would bypass the runners' lock.
    jobs: { tasks: [releaseTask], deleteJobOnComplete: true, access: { run: () => false } },
    // What one GraphQL request may ask for is bounded (src/http/limitGraphQLLists.ts).
    graphQL: { queries: accessQuery, validationRules: (args) => [limitGraphQLLists(args)] },
    hooks: { afterError: [answerBadValuesAs400] },
    email: emailAdapter,
    db: postgresAdapter({
      // JIT off: PostgreSQL compiles a query whose estimated cost passes `jit_above_cost`, which
      // the worker's prepared claim (a generic plan over a large delivery table) does; compiling
      // took 40 to 70 ms of every claim and capped one endpoint at ~40 deliveries a second. Every
      // query of this app is a short OLTP statement that gains nothing from it.
      pool: { connectionString: app.database.url, options: '-c jit=off' },
      // No `readReplicas`: Payload's connect to a replica that is down ends the process. The
      // replicas are set up in onInit instead (routeReadsByRequest, src/db/readReplicas.ts).
      // Development pushes the schema; production (and CI's migration check) use migrations.
      push: app.database.push,
      migrationDir: path.resolve(dirname, 'migrations'),
      beforeSchemaInit: [
        rateLimitTable,
        outboxTable,
        eventLogTable,
        disableNoticeTable,
        sandboxSessionTable,
        refundTable,
        orderNoticeTable,
        reviewNoticeTable,
        searchTables,
        articleStatusCounts,
      ],
      afterSchemaInit: [
        articleIndexes,
        searchIndexes,
        orderReportIndex,
        webhookIndexes,
        attemptLogTable,
        portalSessionTable,
        checkoutKeyTable,
      ],
      // Trigram indexes for search (src/search/schema/searchIndexes.ts, searchTables.ts).
      extensions: ['pg_trgm'],
    }),
    // Types are generated by `npm run generate` (committed; CI checks them), not by Payload at
    // every start outside production: that spawned a second Node process compiling the whole
    // configuration again (8 s of CPU, measured), at each app, worker and test start; on CI's
    // two cores it made worker starts pass their 40 s limit.
    typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts'), autoGenerate: false },
    cors: {
      origins: app.server.corsOrigins,
      headers: ['x-api-key', 'x-request-id', 'idempotency-key', 'x-order-token'],
    },
    // Payload takes its cookie only from these origins (from any when empty); ours refuses a
    // cookie from any other before Payload sees the request (src/http/cookieOrigin.mjs).
    csrf: payloadCsrfOrigins(app.server),
    telemetry: false,
    logger: appLogger({ level: app.server.logLevel, isProduction: app.isProduction }),
    loggingLevels,
    // The admin panel's JSON and code editors load Monaco from this app, not from a CDN; media
    // go to object storage when a bucket is configured.
    plugins: [monacoFromThisApp(), ...objectStoragePlugins(app.content.objectStorage)],
    // Reads go to a replica only for public anonymous requests (src/db/readReplicas.ts), set
    // up before anything reads. Background loops start with Payload (which the app server
    // initialises at boot, through a request), outside that request's context: they serve none.
    onInit: async (payload) => {
      // A pushed schema has the article counts' table but not the triggers that keep it (the
      // migration installs them where migrations apply).
      if (app.database.push && !app.isProduction)
        await installArticleStatusCounts(postgres(payload).pool)
      refuseSuspendedConsumerKeys(payload)
      routeReadsByRequest(payload, app.database.replicaUrls)
      recordScheduledPublications(payload)
      observeHttpRequests(payload)
      await outsideRequests(() => startBackgroundWork(payload))
    },
  })
    .then(withPayloadCollectionAccess)
    .then(withoutUnusedPayloadRoutes)
    .then(decideAccessBeforeReadingBodies)
    .then(withAuditTrail)
    // A change to content drops the cached answers holding it, on every instance.
    .then(withAnswerInvalidations)
    // Payload's own reads of pages, products and media for outsiders through the answer cache,
    // inside the rate limits below.
    .then(cachePayloadReads)
    // Payload's own routes behind the rate limits and page cap.
    .then(limitPayloadRoutes)
    // Last, so that it runs first: a cookie from another origin changes nothing.
    .then(refuseCrossOriginCookies)

export default payloadConfig(configFromEnvironment())
