import { flag, text, wholeNumber } from '@/config/readers'
import { optional, seconds, setting, type ValuesOf } from '@/config/variables'
import { smtpTimeouts, type SmtpTimeouts } from './smtpSettings'

declare module '@/config/appConfig' {
  interface AppConfig {
    email: EmailSettings
  }
}

/** The SMTP server outgoing e-mail goes through. */
export type SmtpServer = {
  /** `SMTP_HOST`. */
  host: string
  /** `SMTP_PORT`. */
  port: number
  /** `SMTP_SECURE`: TLS from the start. */
  secure: boolean
  /** `SMTP_USER` and `SMTP_PASSWORD`, when the server asks for a login. */
  auth?: { user: string; pass?: string }
}

/** Who outgoing e-mail is from and how it leaves. */
export type EmailSettings = {
  /** `EMAIL_FROM`. */
  fromAddress: string
  /** `EMAIL_FROM_NAME`. */
  fromName: string
  /** The SMTP server; unset, messages are written to the log. */
  smtp?: SmtpServer
  /** `SMTP_TIMEOUT_SECONDS`, for each wait of an exchange. */
  timeouts: SmtpTimeouts
}

/** The variables of outgoing e-mail. */
export const emailVariables = {
  SMTP_HOST: optional({
    group: 'E-mail',
    description: 'SMTP server for outgoing e-mail.',
    reader: text,
    unset: 'messages are written to the log instead of sent',
    isEssential: true,
  }),
  SMTP_PORT: setting({
    group: 'E-mail',
    description: 'Port of the SMTP server.',
    reader: wholeNumber({ min: 1, max: 65_535 }),
    fallback: '587',
  }),
  SMTP_SECURE: setting({
    group: 'E-mail',
    description: '`true`: TLS from the start (port 465); `false`: STARTTLS when offered.',
    reader: flag,
    fallback: 'false',
  }),
  SMTP_USER: optional({
    group: 'E-mail',
    description: 'SMTP user name.',
    reader: text,
    unset: 'no authentication',
  }),
  SMTP_PASSWORD: optional({
    group: 'E-mail',
    description: 'SMTP password (with `SMTP_USER`).',
    reader: text,
  }),
  SMTP_TIMEOUT_SECONDS: setting({
    group: 'E-mail',
    description:
      'Longest wait to connect to the mail server, for its greeting, and for any answer.',
    reader: seconds({ min: 1, max: 300 }),
    fallback: '15',
  }),
  EMAIL_FROM: setting({
    group: 'E-mail',
    description: 'Sender address of outgoing e-mail.',
    reader: text,
    fallback: 'no-reply@localhost',
  }),
  EMAIL_FROM_NAME: setting({
    group: 'E-mail',
    description: 'Sender name of outgoing e-mail.',
    reader: text,
    fallback: 'Content & Shop',
  }),
}

/** Outgoing e-mail's settings from its variables' values. */
export function emailSettings(v: ValuesOf<typeof emailVariables>): EmailSettings {
  return {
    fromAddress: v.EMAIL_FROM,
    fromName: v.EMAIL_FROM_NAME,
    smtp: v.SMTP_HOST
      ? {
          host: v.SMTP_HOST,
          port: v.SMTP_PORT,
          secure: v.SMTP_SECURE,
          auth: v.SMTP_USER ? { user: v.SMTP_USER, pass: v.SMTP_PASSWORD } : undefined,
        }
      : undefined,
    timeouts: smtpTimeouts(v.SMTP_TIMEOUT_SECONDS),
  }
}
