import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer from 'nodemailer'
import type { Transport } from 'nodemailer'
import type { EmailAdapter } from 'payload'

import { countEmailFailure } from '@/observability/metrics'
import { smtpTimeouts } from './smtpSettings'

/**
 * E-mail through nodemailer: SMTP when `SMTP_HOST` is set; otherwise every message is written
 * to the log instead, so that a machine without a mail server still runs every flow. Every wait
 * on the mail server is bounded (`SMTP_TIMEOUT_SECONDS`). Every send that fails, whoever sent
 * it, is counted (`emails_failed_total`).
 */
export async function emailAdapter(): Promise<EmailAdapter> {
  return countingFailures(await transportAdapter())
}

/** The adapter whose sends throw once more after counting the failure. */
const countingFailures =
  (adapter: EmailAdapter): EmailAdapter =>
  (args) => {
    const initialized = adapter(args)
    return {
      ...initialized,
      sendEmail: async (message) => {
        try {
          return await initialized.sendEmail(message)
        } catch (error) {
          countEmailFailure()
          throw error
        }
      },
    }
  }

function transportAdapter() {
  const defaults = {
    defaultFromAddress: process.env.EMAIL_FROM || 'no-reply@localhost',
    defaultFromName: process.env.EMAIL_FROM_NAME || 'Content & Shop',
    skipVerify: true,
  }
  if (process.env.SMTP_HOST) {
    return nodemailerAdapter({
      ...defaults,
      transportOptions: {
        host: process.env.SMTP_HOST,
        port: Number(process.env.SMTP_PORT) || 587,
        secure: process.env.SMTP_SECURE === 'true',
        auth: process.env.SMTP_USER
          ? { user: process.env.SMTP_USER, pass: process.env.SMTP_PASSWORD }
          : undefined,
        ...smtpTimeouts(process.env),
      },
    })
  }
  return nodemailerAdapter({ ...defaults, transport: nodemailer.createTransport(loggingTransport) })
}

const loggingTransport: Transport = {
  name: 'log',
  version: '1',
  send(mail, done) {
    const { to, subject, text } = mail.data
    console.info(
      `[email] (no SMTP_HOST set, not sent) to=${JSON.stringify(to)} subject=${JSON.stringify(subject)}\n` +
        `${String(text ?? '').slice(0, 2000)}`,
    )
    done(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() })
  },
}
