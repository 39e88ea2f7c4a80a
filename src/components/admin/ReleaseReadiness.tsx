import type { UIFieldServerComponent } from 'payload'

import { localeLabel } from '@/text/locales'
import { readReleaseReadiness } from '@/workflow/readiness/readReleaseReadiness'
import { LocalTime } from './LocalTime'
import { ReleaseNowButton } from './ReleaseNowButton'

const nouns = { articles: 'Article', pages: 'Page', products: 'Product' } as const

const actionText = (action: string, locale: string) =>
  action === 'unpublish'
    ? 'Unpublish'
    : locale === 'all'
      ? 'Publish, every language'
      : `Publish in ${localeLabel(locale)}`

/**
 * The release's page, above its fields: where it stands (waiting, released, failed and why),
 * each document with its review stage and whether it would go through now, and "Release now".
 * Read from what is saved: lines added since the last save show after saving.
 */
export const ReleaseReadiness: UIFieldServerComponent = async ({ id, payload, req }) => {
  if (id === undefined || id === null) {
    return (
      <p className="release-readiness__hint">
        Save the release to see whether its documents are ready.
      </p>
    )
  }
  const overview = await readReleaseReadiness(payload, { releaseId: Number(id), req })
  if (!overview) return null
  const readyCount = overview.items.filter((item) => item.isReady).length
  // Once released, what each document was is history: its readiness now would say nothing.
  const isReleased = overview.status === 'released'
  const adminRoute = payload.config.routes.admin
  return (
    <section
      className="release-readiness"
      aria-labelledby="release-readiness-heading"
      data-release-status={overview.status}
      style={{ marginBottom: 'calc(var(--base) * 1.5)' }}
    >
      <h3 id="release-readiness-heading" style={{ marginBottom: 'calc(var(--base) / 2)' }}>
        {overview.status === 'open' ? 'Before the release' : 'How the release went'}
      </h3>
      <div className="release-readiness__outcome" data-testid="release-outcome">
        {overview.status === 'released' ? (
          <p>
            <strong>Released</strong>
            {overview.releasedAt ? (
              <>
                {' on '}
                <LocalTime iso={overview.releasedAt} />
              </>
            ) : null}
            . {overview.result}
          </p>
        ) : overview.status === 'failed' ? (
          <p>
            <strong>The release failed: nothing was published or unpublished.</strong>{' '}
            {overview.result}
          </p>
        ) : overview.releaseAt ? (
          <p>
            Goes out on <LocalTime iso={overview.releaseAt} />, unless you release it now.
          </p>
        ) : (
          <p>Not scheduled: it goes out when someone presses Release now.</p>
        )}
      </div>
      {overview.items.length === 0 ? (
        <p>No documents yet: add them under Documents below, then save.</p>
      ) : (
        <>
          <table className="release-readiness__table" style={{ width: '100%' }}>
            <caption style={{ textAlign: 'start', marginBottom: 'calc(var(--base) / 4)' }}>
              {isReleased
                ? `The ${overview.items.length} documents of this release.`
                : `${readyCount} of ${overview.items.length} documents ready.`}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: 'start' }}>
                  Document
                </th>
                <th scope="col" style={{ textAlign: 'start' }}>
                  What happens
                </th>
                <th scope="col" style={{ textAlign: 'start' }}>
                  Review stage
                </th>
                {isReleased ? null : (
                  <th scope="col" style={{ textAlign: 'start' }}>
                    Ready?
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {overview.items.map((item, index) => (
                <tr
                  key={`${item.collection}-${item.id}-${index}`}
                  data-ready={item.isReady ? 'yes' : 'no'}
                >
                  <td>
                    {nouns[item.collection] ?? item.collection}{' '}
                    <a href={`${adminRoute}/collections/${item.collection}/${item.id}`}>
                      {item.title}
                    </a>
                  </td>
                  <td>{actionText(item.action, item.locale)}</td>
                  <td>{item.stageLabel ?? 'None'}</td>
                  {isReleased ? null : (
                    <td>
                      <span
                        style={{
                          color: item.isReady
                            ? 'var(--theme-success-750)'
                            : 'var(--theme-error-600)',
                          fontWeight: 600,
                        }}
                      >
                        {item.isReady ? 'Ready' : 'Not ready'}
                      </span>
                      {item.isReady ? null : <>: {item.verdict}</>}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {overview.status !== 'released' && overview.items.length > 0 ? (
        <ReleaseNowButton
          releaseId={Number(id)}
          documentCount={overview.items.length}
          notReadyCount={overview.items.length - readyCount}
        />
      ) : null}
    </section>
  )
}
