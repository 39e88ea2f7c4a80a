/** How long one SMTP exchange may wait on the mail server. */
export type SmtpTimeouts = {
  /** To open the connection (nodemailer `connectionTimeout`). */
  connectionTimeout: number
  /** For the server's greeting once connected (`greetingTimeout`). */
  greetingTimeout: number
  /** For any answer, however long the connection stays silent (`socketTimeout`). */
  socketTimeout: number
}

/**
 * Every wait of an SMTP exchange bounded by `SMTP_TIMEOUT_SECONDS` (default 15; from 1 to 300):
 * nodemailer's own defaults wait 2 minutes to connect, 30 s for a greeting and 10 minutes of
 * silence, long enough for a stalled mail server to hold whatever waits for the e-mail.
 */
export function smtpTimeouts(seconds: number): SmtpTimeouts {
  const ms = Math.round(seconds * 1000)
  return { connectionTimeout: ms, greetingTimeout: ms, socketTimeout: ms }
}

/**
 * How long a process that claimed a notice keeps it before another may try it, in seconds:
 * well beyond the longest exchange the timeouts allow (connect, greet, and the answers to the
 * commands of one message), so that two processes never send one notice at the same time.
 */
export function noticeClaimSeconds(timeouts: SmtpTimeouts): number {
  const longestExchangeMs =
    timeouts.connectionTimeout + timeouts.greetingTimeout + 8 * timeouts.socketTimeout
  return Math.max(120, Math.ceil((2 * longestExchangeMs) / 1000))
}
