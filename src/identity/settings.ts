import { text, wholeNumber } from '@/config/readers'
import { optional, setting, type ValuesOf } from '@/config/variables'

declare module '@/config/appConfig' {
  interface AppConfig {
    identity: IdentitySettings
  }
}

/** The secret tokens are signed with, and the static API key. */
export type IdentitySettings = {
  /** `PAYLOAD_SECRET`. */
  payloadSecret: string
  /** `API_KEY`. */
  apiKey?: string
  /** `API_KEY_CONTACT_EMAIL`. */
  apiKeyContactEmail: string
  /** `AUDIT_RETENTION_DAYS`: how long audit log entries are kept. */
  auditRetentionDays: number
}

/** The variables of identity. */
export const identityVariables = {
  PAYLOAD_SECRET: optional({
    group: 'Identity',
    description:
      'Signs login tokens and keys the API-key index. Required in production on your own database.',
    reader: text,
    unset: 'locally, one is generated once and kept in `.data/payload-secret`',
    isEssential: true,
  }),
  API_KEY: optional({
    group: 'Identity',
    description:
      'A static API key: requests with `X-API-Key: <this>` authenticate as the consumer "Configured API key" (compared in constant time).',
    reader: text,
    unset: 'no static key',
  }),
  API_KEY_CONTACT_EMAIL: setting({
    group: 'Identity',
    description: 'Contact address of the "Configured API key" consumer.',
    reader: text,
    fallback: 'api-key@example.com',
  }),
  AUDIT_RETENTION_DAYS: setting({
    group: 'Identity',
    description:
      'Days an audit log entry is kept; older entries are deleted by the order sweeper (`ORDER_SWEEPER`).',
    reader: wholeNumber({ min: 1, max: 36500 }),
    fallback: '365',
  }),
}

/** Identity's settings from its variables' values. */
export function identitySettings(v: ValuesOf<typeof identityVariables>): IdentitySettings {
  return {
    payloadSecret: v.PAYLOAD_SECRET ?? '',
    apiKey: v.API_KEY,
    apiKeyContactEmail: v.API_KEY_CONTACT_EMAIL,
    auditRetentionDays: v.AUDIT_RETENTION_DAYS,
  }
}
