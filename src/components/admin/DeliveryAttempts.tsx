import type { CSSProperties } from 'react'
import type { UIFieldServerComponent } from 'payload'

import type { NumberedPage } from '@/http/pageMeta'
import { type DeliveryAttempt, listAttempts } from '@/webhooks/operations/listAttempts'
import { LocalTime } from './LocalTime'

/** Attempts shown: the newest page of the log. */
const perPage = 50
/** Characters of a response body shown in its cell; the rest opens in a disclosure. */
const bodyPreviewLength = 200

const cell: CSSProperties = {
  padding: '8px 10px',
  borderBottom: '1px solid var(--theme-elevation-150)',
  textAlign: 'left',
  verticalAlign: 'top',
}
const headerCell: CSSProperties = {
  ...cell,
  background: 'var(--theme-elevation-50)',
  color: 'var(--theme-elevation-800)',
  fontWeight: 600,
  whiteSpace: 'nowrap',
}
const code: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '12px',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
}

function Body({ text }: { text: string | null }) {
  if (text === null || text === '') return <span aria-label="none">—</span>
  if (text.length <= bodyPreviewLength) return <code style={code}>{text}</code>
  return (
    <details>
      <summary>
        <code style={code}>{`${text.slice(0, bodyPreviewLength)}…`}</code>
      </summary>
      <pre style={{ ...code, margin: '6px 0 0' }}>{text}</pre>
    </details>
  )
}

function AttemptRow({ attempt }: { attempt: DeliveryAttempt }) {
  const failed = attempt.error !== null || (attempt.responseStatus ?? 0) >= 300
  return (
    <tr>
      <th scope="row" style={{ ...cell, fontWeight: 600 }}>
        {attempt.attempt}
      </th>
      <td style={cell}>{attempt.trigger}</td>
      <td style={{ ...cell, whiteSpace: 'nowrap' }}>
        <LocalTime iso={attempt.attemptedAt.toISOString()} />
      </td>
      <td style={{ ...cell, textAlign: 'right' }}>{attempt.durationMs}</td>
      <td
        style={{
          ...cell,
          color: failed ? 'var(--theme-error-500)' : 'var(--theme-success-500)',
          fontWeight: 600,
        }}
      >
        {attempt.responseStatus ?? '—'}
      </td>
      <td style={cell}>{attempt.error ?? '—'}</td>
      <td style={{ ...cell, maxWidth: '320px' }}>
        <Body text={attempt.responseBody} />
      </td>
      <td style={{ ...cell, maxWidth: '240px' }}>
        {attempt.signature ? <code style={code}>{attempt.signature}</code> : '—'}
      </td>
    </tr>
  )
}

/**
 * A webhook delivery's attempt log in the admin panel (a `ui` field of webhook-deliveries):
 * every attempt, newest first, read on the server with the admin's request, so that the
 * delivery's read access applies as in the API.
 */
export const DeliveryAttempts: UIFieldServerComponent = async ({ id, req }) => {
  const deliveryId = Number(id)
  if (id === undefined || !Number.isInteger(deliveryId)) return null

  let page: NumberedPage<DeliveryAttempt>
  try {
    page = await listAttempts({ req, deliveryId, page: 1, perPage })
  } catch (error) {
    req.payload.logger.error({ err: error, deliveryId }, 'Could not read the attempt log')
    return (
      <div className="field-type" role="alert">
        The attempt log could not be read.
      </div>
    )
  }

  return (
    <div className="field-type delivery-attempts" style={{ marginBottom: '24px' }}>
      <h3 style={{ margin: '0 0 8px' }}>Attempt log</h3>
      {page.docs.length === 0 ? (
        <p style={{ color: 'var(--theme-elevation-500)' }}>No attempts yet</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table
            style={{
              width: '100%',
              borderCollapse: 'collapse',
              border: '1px solid var(--theme-elevation-150)',
              fontSize: '13px',
            }}
          >
            <caption
              style={{
                captionSide: 'top',
                textAlign: 'left',
                padding: '0 0 6px',
                color: 'var(--theme-elevation-500)',
              }}
            >
              Attempts, newest first
              {page.total > page.docs.length
                ? ` (the newest ${page.docs.length} of ${page.total})`
                : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={headerCell}>
                  Attempt
                </th>
                <th scope="col" style={headerCell}>
                  Trigger
                </th>
                <th scope="col" style={headerCell}>
                  Attempted at
                </th>
                <th scope="col" style={{ ...headerCell, textAlign: 'right' }}>
                  Duration (ms)
                </th>
                <th scope="col" style={headerCell}>
                  Status
                </th>
                <th scope="col" style={headerCell}>
                  Error
                </th>
                <th scope="col" style={headerCell}>
                  Response body
                </th>
                <th scope="col" style={headerCell}>
                  Signature
                </th>
              </tr>
            </thead>
            <tbody>
              {page.docs.map((attempt) => (
                <AttemptRow key={attempt.id} attempt={attempt} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
