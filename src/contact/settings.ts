import { custom, onOff } from '@/config/readers'
import { optional, seconds, setting, type ValuesOf } from '@/config/variables'
import { configuredRecipients } from './notification'

declare module '@/config/appConfig' {
  interface AppConfig {
    contact: ContactSettings
  }
}

/** Who hears of an inquiry, and how its e-mail is retried. */
export type ContactSettings = {
  /** `ADMIN_NOTIFY_EMAILS`; unset, every admin user. */
  notifyEmails?: string[]
  /** `INQUIRY_NOTIFY_INTERVAL_SECONDS`, in milliseconds. */
  intervalMs: number
  /** `INQUIRY_NOTIFY_RETRY_SECONDS`. */
  retryBaseSeconds: number
  /** `INQUIRY_NOTIFIER=on`. */
  isNotifierOn: boolean
}

/** The variables of the contact form. */
export const contactVariables = {
  ADMIN_NOTIFY_EMAILS: optional({
    group: 'Contact form',
    description: 'Who is e-mailed about contact-form inquiries (comma-separated).',
    reader: custom('comma-separated addresses', configuredRecipients),
    unset: 'every admin user',
  }),
  INQUIRY_NOTIFY_INTERVAL_SECONDS: setting({
    group: 'Contact form',
    description: 'Seconds between looks for inquiry e-mails to send again.',
    reader: seconds({ above: 0, max: 86_400 }),
    fallback: '30',
  }),
  INQUIRY_NOTIFY_RETRY_SECONDS: setting({
    group: 'Contact form',
    description: 'First pause after a failed inquiry e-mail; it doubles after each failure.',
    reader: seconds({ min: 0, max: 86_400 }),
    fallback: '60',
  }),
  INQUIRY_NOTIFIER: setting({
    group: 'Contact form',
    description: '`off`: this process does not send inquiry e-mails again (another instance does).',
    reader: onOff,
    fallback: 'on',
  }),
}

/** The contact form's settings from its variables' values. */
export function contactSettings(v: ValuesOf<typeof contactVariables>): ContactSettings {
  return {
    notifyEmails: v.ADMIN_NOTIFY_EMAILS,
    intervalMs: v.INQUIRY_NOTIFY_INTERVAL_SECONDS * 1000,
    retryBaseSeconds: v.INQUIRY_NOTIFY_RETRY_SECONDS,
    isNotifierOn: v.INQUIRY_NOTIFIER,
  }
}
