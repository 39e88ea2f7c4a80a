/**
 * Times between the worker and PostgreSQL as epoch milliseconds: the claim reads them so
 * (src/webhooks/worker/claimDeliveries.ts), the outcome batch writes them so
 * (src/webhooks/worker/recordOutcomes.ts).
 */

/**
 * SQL: timestamp `column` as epoch milliseconds (a float8, rounded: exact for the columns'
 * millisecond precision; `date_part` computes in float8, `extract` in numeric). The claim
 * returns its times so, and the driver reads a number with `parseFloat`: a timestamp's text went
 * through a date parser, three or four a row, about a twentieth of the worker's own CPU in the
 * statements (profiled; `npm run bench:webhooks:statements`). The server pays for the
 * conversion: measured together, a wash (docs/benchmarks.md, issue 55, afternoon).
 */
export const epochMsSql = (column: string) => `round(date_part('epoch', ${column}) * 1000)`

/** SQL: epoch milliseconds `ms` (a parameter or column) as a timestamp; `epochMsSql`'s inverse. */
export const timestampOfMsSql = (ms: string) =>
  `(timestamptz 'epoch' + ${ms} * interval '1 millisecond')`

/** `epochMsSql`'s column as a `Date` (null stays null). */
export const dateOfMs = (ms: number | null) => (ms === null ? null : new Date(ms))
