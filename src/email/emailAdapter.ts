import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer from 'nodemailer'
import type { Transport } from 'nodemailer'
import type { EmailAdapter } from 'payload'

import { countEmailFailure } from '@/runtime/metrics'
import { configOf, type AppConfig } from '@/config/appConfig'

type EmailSettings = AppConfig['email']

/**
 * E-mail through nodemailer: SMTP when `SMTP_HOST` is set; otherwise every message is written
 * to the log instead, so that a machine without a mail server still runs every flow. Every wait
 * on the mail server is bounded (`SMTP_TIMEOUT_SECONDS`). Every send that fails, whoever sent
 * it, is counted (`emails_failed_total`). The transport follows the Payload instance's
 * configuration (`configOf`), made once for each e-mail configuration.
 */
export const emailAdapter: EmailAdapter = ({ payload }) => {
  const settings = () => configOf(payload).email
  return {
    name: 'nodemailer',
    defaultFromAddress: settings().fromAddress,
    defaultFromName: settings().fromName,
    sendEmail: async (message) => {
      try {
        const adapter = await adapterFor(settings())
        return await adapter({ payload }).sendEmail(message)
      } catch (error) {
        countEmailFailure()
        throw error
      }
    },
  }
}

const adapters = new WeakMap<EmailSettings, Promise<EmailAdapter>>()

function adapterFor(settings: EmailSettings): Promise<EmailAdapter> {
  let adapter = adapters.get(settings)
  if (!adapter) {
    adapter = transportAdapter(settings)
    adapters.set(settings, adapter)
  }
  return adapter
}

function transportAdapter(settings: EmailSettings) {
  const defaults = {
    defaultFromAddress: settings.fromAddress,
    defaultFromName: settings.fromName,
    skipVerify: true,
  }
  if (settings.smtp) {
    return nodemailerAdapter({
      ...defaults,
      transportOptions: { ...settings.smtp, ...settings.timeouts },
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
