import { decimal, flag, text } from '@/config/readers'
import { seconds, setting, type Variable } from '@/config/variables'
import { contactVariables } from '@/contact/settings'
import { databaseVariables } from '@/db/settings'
import { emailVariables } from '@/email/settings'
import { rateLimitVariables, serverVariables } from '@/http/settings'
import { portalVariables } from '@/identity/portal/portalSettings'
import { identityVariables } from '@/identity/settings'
import { contentVariables } from '@/media/settings'
import { answerCacheVariables } from '@/answerCache/settings'
import { observabilityVariables } from '@/observability/settings'
import { checkoutVariables, stripeVariables } from '@/shop/settings'
import { keepingVariables, sendingVariables } from '@/webhooks/settings'
import { workflowVariables } from '@/workflow/settings'

/** The sections of the configuration reference, in the order it lists them. */
export const groups = [
  'Server',
  'Database',
  'Identity',
  'Rate limits',
  'E-mail',
  'Contact form',
  'Content and media',
  'Webhooks',
  'Checkout',
  'Stripe and the payment sandbox',
  'Health and metrics',
  'Processes',
  'Demo data',
] as const

export type Group = (typeof groups)[number]

/** The variables of the processes themselves: how long they may take to stop and to start. */
const processVariables = {
  SHUTDOWN_TIMEOUT_SECONDS: setting({
    group: 'Processes',
    description:
      'Seconds the app server and `npm run worker` may take to stop after SIGTERM or SIGINT.',
    reader: seconds({ above: 0 }),
    fallback: '25',
  }),
  SCRIPT_START_TIMEOUT_SECONDS: setting({
    group: 'Processes',
    description:
      'Seconds a script (migrate, seed, worker) may take to start before it exits 75 to be retried.',
    reader: decimal({ above: 0 }),
    fallback: '90',
    isScriptOnly: true,
  }),
}

/** The demo data `npm run seed` creates. */
const demoVariables = {
  SEED_ADMIN_EMAIL: setting({
    group: 'Demo data',
    description:
      'The demo admin created by `npm run seed` (and by `npm run dev` on an empty database).',
    reader: text,
    fallback: 'admin@example.com',
    isScriptOnly: true,
  }),
  SEED_ADMIN_PASSWORD: setting({
    group: 'Demo data',
    description: 'Password of the demo admin.',
    reader: text,
    fallback: 'admin-password',
    isScriptOnly: true,
  }),
  SEED_EDITOR_EMAIL: setting({
    group: 'Demo data',
    description: 'The demo editor.',
    reader: text,
    fallback: 'editor@example.com',
    isScriptOnly: true,
  }),
  SEED_EDITOR_PASSWORD: setting({
    group: 'Demo data',
    description: 'Password of the demo editor.',
    reader: text,
    fallback: 'editor-password',
    isScriptOnly: true,
  }),
  SEED_CONSUMER_API_KEY: setting({
    group: 'Demo data',
    description: 'API key of the demo webhook consumer.',
    reader: text,
    fallback: 'demo-consumer-key-0123456789abcdef',
    isScriptOnly: true,
  }),
  SEED_ON_START: setting({
    group: 'Demo data',
    description:
      '`true`: `npm start` seeds an empty database even when `DATABASE_URL` is set (demo deployments).',
    reader: flag,
    fallback: 'false',
    isScriptOnly: true,
  }),
}

/**
 * Every environment variable the application reads: each domain's and shared layer's
 * declarations, gathered here. The configuration is read from these (`loadConfig`), and
 * `docs/configuration.md`, `.env.example` and the README's table are generated from them
 * (`npm run docs:config`), each section in the order its variables appear here.
 */
export const variables = {
  ...serverVariables,
  ...databaseVariables,
  ...identityVariables,
  ...rateLimitVariables,
  ...emailVariables,
  ...contactVariables,
  ...contentVariables,
  ...answerCacheVariables,
  ...workflowVariables,
  ...sendingVariables,
  ...portalVariables,
  ...keepingVariables,
  ...checkoutVariables,
  ...stripeVariables,
  ...observabilityVariables,
  ...processVariables,
  ...demoVariables,
} satisfies Record<string, Variable<unknown, Group>>

export type VariableName = keyof typeof variables
