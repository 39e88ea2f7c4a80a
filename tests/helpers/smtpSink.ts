import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

/** One message as the SMTP server received it. */
export type ReceivedMail = {
  /** Envelope recipients. */
  to: string[]
  /** Envelope sender. */
  from: string
  /** The raw message: headers and body as sent. */
  raw: string
  /** Value of the `Subject` header. */
  subject: string
}

/**
 * A real SMTP server on loopback that keeps every message it receives, on `port` (any free one
 * when omitted).
 */
export async function startSmtpSink(port = 0) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        received.push({
          raw,
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.server.address() as AddressInfo
  return {
    port: address.port,
    received,
    /** Waits until a message satisfying `predicate` has arrived. */
    async waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.find(predicate)
        if (found) return found
        if (Date.now() > deadline) throw new Error('No matching e-mail reached the SMTP server')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A sink started by `startSmtpSink`. */
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>
