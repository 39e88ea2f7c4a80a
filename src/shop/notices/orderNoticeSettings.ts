/**
 * How the buyers' e-mails (receipts, refund notices) are sent and retried (`src/shop/settings.ts`
 * reads it).
 */
export type OrderNoticeSettings = {
  /** `ORDER_NOTICE_INTERVAL_SECONDS` (default 10): how often due e-mails are looked for. */
  intervalMs: number
  /** `ORDER_NOTICE_RETRY_SECONDS` (default 60): the first pause after a failed send (doubling, at most an hour). */
  retryBaseSeconds: number
}
