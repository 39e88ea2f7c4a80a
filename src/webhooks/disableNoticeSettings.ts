/** How the e-mails telling owners that a subscription was disabled are sent and retried. */
export type DisableNoticeSettings = {
  /** `WEBHOOK_NOTICE_INTERVAL_SECONDS` (default 10): how often due notices are looked for. */
  intervalMs: number
  /** `WEBHOOK_NOTICE_RETRY_SECONDS` (default 60): the first pause after a failed send (doubling, at most an hour). */
  retryBaseSeconds: number
}
