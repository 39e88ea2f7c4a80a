import { custom, httpAddress, oneOf, text, wholeNumber } from '@/config/readers'
import { optional, setting, type ValuesOf } from '@/config/variables'
import { adminOrigins, corsOrigins } from './corsOrigins'
import {
  defaultPolicies,
  parsePolicy,
  type PolicyName,
  type RateLimitPolicy,
} from './rateLimitPolicy'

declare module '@/config/appConfig' {
  interface AppConfig {
    server: ServerSettings
    rateLimits: RateLimitSettings
  }
}

/** How the app serves HTTP. */
export type ServerSettings = {
  /** `SERVER_URL` without a trailing slash. */
  url?: string
  /** `PORT`. */
  port: number
  /** `CORS_ORIGINS`. */
  corsOrigins: '*' | string[]
  /** `ADMIN_ORIGINS`: origins besides the app's own whose pages may act with its cookies. */
  adminOrigins: string[]
  /** `TRUSTED_PROXY_HOPS`. */
  trustedProxyHops: number
  /** `MAX_BODY_BYTES`. */
  maxBodyBytes: number
  /** `LOG_LEVEL`. */
  logLevel: string
}

/** How many requests each policy lets through, and where the counters live. */
export type RateLimitSettings = {
  /** `RATE_LIMIT_<NAME>`. */
  policies: Record<PolicyName, RateLimitPolicy>
  /** `RATE_LIMIT_SYNC_MS`: how often counts are shared through PostgreSQL. */
  syncMs: number
  /** `REDIS_URL`: counters in Redis instead of PostgreSQL. */
  redisUrl?: string
  /** `MAX_PAGE_SIZE`: the largest page of Payload's lists for anyone but an admin. */
  maxPageSize: number
  /** `GRAPHQL_MAX_DOCUMENTS`: the documents one GraphQL request's lists may ask for in all. */
  graphQLMaxDocuments: number
}

/** The variables of the app's HTTP server. */
export const serverVariables = {
  SERVER_URL: optional({
    group: 'Server',
    description:
      'Public address of the app: links in e-mails, absolute URLs and the OpenAPI `servers` entry.',
    reader: httpAddress,
    unset: 'links are relative; the OpenAPI document uses the request\u2019s host',
    isEssential: true,
  }),
  PORT: setting({
    group: 'Server',
    description: 'Port the app listens on.',
    reader: wholeNumber({ min: 1, max: 65_535 }),
    fallback: '3000',
  }),
  CORS_ORIGINS: setting({
    group: 'Server',
    description:
      'Origins allowed to call the API from a browser: `*`, or a comma-separated list of `scheme://host[:port]`.',
    reader: custom('`*` or comma-separated origins', corsOrigins),
    fallback: '*',
  }),
  ADMIN_ORIGINS: optional({
    group: 'Server',
    description:
      'Origins besides the app\u2019s own (`SERVER_URL`, else the address a request reached) whose pages may change something with the app\u2019s cookies: an admin panel served under another name (comma-separated `scheme://host[:port]`).',
    reader: custom('comma-separated origins', adminOrigins),
    unset: 'only the app\u2019s own origin',
  }),
  TRUSTED_PROXY_HOPS: setting({
    group: 'Server',
    description:
      'Reverse proxies in front of the app whose `X-Forwarded-For` entries are trusted for the client address.',
    reader: wholeNumber({ min: 0, max: 10 }),
    fallback: '0',
  }),
  MAX_BODY_BYTES: setting({
    group: 'Server',
    description: 'Largest request body a custom endpoint reads; a larger one gets 413.',
    reader: wholeNumber({ min: 1024 }),
    fallback: String(1024 * 1024),
  }),
  LOG_LEVEL: setting({
    group: 'Server',
    description: 'Least level logged; JSON lines under `npm start`, text under `npm run dev`.',
    reader: oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']),
    fallback: 'info',
  }),
}

const rateLimit = (name: keyof typeof defaultPolicies, description: string) => {
  const { points, windowSeconds } = defaultPolicies[name]
  return setting({
    group: 'Rate limits',
    description,
    reader: custom('`<requests>/<seconds>`', (raw) => parsePolicy(name, raw)),
    fallback: `${points}/${windowSeconds}`,
  })
}

/** The variables of the rate limits. */
export const rateLimitVariables = {
  RATE_LIMIT_DEFAULT: rateLimit(
    'default',
    'Requests on every route (Payload\u2019s REST and GraphQL, and the app\u2019s) per consumer, user or client address (an IPv6 /64).',
  ),
  RATE_LIMIT_EDITORS: rateLimit(
    'editors',
    'The same per signed-in editor or admin, whose admin panel makes many calls per edit.',
  ),
  RATE_LIMIT_CONTACT: rateLimit('contact', 'Contact-form submissions per client address.'),
  RATE_LIMIT_CREDENTIALS: rateLimit(
    'credentials',
    'Calls of the credential routes (login, forgot and reset password) and invalid credentials, per address.',
  ),
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit(
    'login_account',
    'Logins to one account from one address since its last success there.',
  ),
  RATE_LIMIT_BAD_SIGNATURES: rateLimit(
    'bad_signatures',
    'Calls of Stripe\u2019s webhook whose signature fails, per address; signed calls are never limited.',
  ),
  MAX_PAGE_SIZE: setting({
    group: 'Rate limits',
    description:
      'Largest `limit` of Payload\u2019s lists (REST and GraphQL) for anyone but an admin; `limit=0` and `pagination=false` are refused with 400.',
    reader: wholeNumber({ min: 1, max: 10_000 }),
    fallback: '100',
  }),
  GRAPHQL_MAX_DOCUMENTS: setting({
    group: 'Rate limits',
    description:
      'Documents one GraphQL request may ask for in all its lists (each list\u2019s `limit` times its parents\u2019), aliases included.',
    reader: wholeNumber({ min: 1, max: 1_000_000 }),
    fallback: '1000',
  }),
  RATE_LIMIT_SYNC_MS: setting({
    group: 'Rate limits',
    description:
      'Milliseconds between two exchanges of rate-limit counts through PostgreSQL (one statement per instance, none per request): a caller may get up to what the other instances let through in this time beyond its limit. The contact, credentials, login and bad-signature budgets are counted at each request instead, exactly.',
    reader: wholeNumber({ min: 10, max: 60_000 }),
    fallback: '200',
  }),
  REDIS_URL: optional({
    group: 'Rate limits',
    description: 'Keep rate-limit counters in Redis instead of PostgreSQL.',
    reader: text,
    unset: 'counters live in PostgreSQL',
  }),
}

/** The server's settings from its variables' values. */
export function serverSettings(v: ValuesOf<typeof serverVariables>): ServerSettings {
  return {
    url: v.SERVER_URL,
    port: v.PORT,
    corsOrigins: v.CORS_ORIGINS,
    adminOrigins: v.ADMIN_ORIGINS ?? [],
    trustedProxyHops: v.TRUSTED_PROXY_HOPS,
    maxBodyBytes: v.MAX_BODY_BYTES,
    logLevel: v.LOG_LEVEL,
  }
}

/** The rate limits' settings from their variables' values. */
export function rateLimitSettings(v: ValuesOf<typeof rateLimitVariables>): RateLimitSettings {
  return {
    policies: {
      default: v.RATE_LIMIT_DEFAULT,
      editors: v.RATE_LIMIT_EDITORS,
      contact: v.RATE_LIMIT_CONTACT,
      credentials: v.RATE_LIMIT_CREDENTIALS,
      login_account: v.RATE_LIMIT_LOGIN_ACCOUNT,
      bad_signatures: v.RATE_LIMIT_BAD_SIGNATURES,
    },
    syncMs: v.RATE_LIMIT_SYNC_MS,
    redisUrl: v.REDIS_URL,
    maxPageSize: v.MAX_PAGE_SIZE,
    graphQLMaxDocuments: v.GRAPHQL_MAX_DOCUMENTS,
  }
}
