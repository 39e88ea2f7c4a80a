import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps, Where } from 'payload'

import { configOf } from '@/config/appConfig'
import { hasWriterRole } from '@/identity/roles'
import { reviewedCollections, type ReviewedCollection } from '@/workflow/stages'
import { LocalTime } from './LocalTime'

const nouns: Record<ReviewedCollection, string> = {
  articles: 'Article',
  pages: 'Page',
  products: 'Product',
}
const plural: Record<ReviewedCollection, string> = {
  articles: 'Articles',
  pages: 'Pages',
  products: 'Products',
}

type Card = {
  collection: ReviewedCollection
  id: number
  title: string
  stage: string
  assignee: string | undefined
  updatedAt: string | undefined
}

/** Not yet out as they stand: articles and pages with unpublished work, products not on sale. */
const waitingFilter = (collection: ReviewedCollection): Where =>
  collection === 'products'
    ? { active: { not_equals: true } }
    : { _status: { not_equals: 'published' } }

const assigneeName = (value: unknown) =>
  value && typeof value === 'object'
    ? ((value as { name?: string | null; email?: string }).name ??
      (value as { email?: string }).email)
    : undefined

/**
 * The review board (`/admin/review`): the articles, pages and products waiting for their
 * publication, by review stage (every stage after the first, in order), each with its assignee
 * and a link to it; "Assigned to me" keeps the reader's. Links open the lists filtered the same
 * way. For the people who write (authors, editors, admins).
 */
export async function ReviewBoard({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, locale, visibleEntities } = initPageResult
  const { payload, user } = req
  const isMine = searchParams?.mine === '1'
  const adminRoute = payload.config.routes.admin
  const stagesOf = configOf(payload).workflow.stages

  const columns: { name: string; label: string; colour: string }[] = []
  for (const collection of reviewedCollections) {
    for (const stage of stagesOf[collection].slice(1)) {
      if (!columns.some((column) => column.name === stage.name)) columns.push(stage)
    }
  }
  const cards: Card[] = []
  if (hasWriterRole(user)) {
    for (const collection of reviewedCollections) {
      const later = stagesOf[collection].slice(1).map((stage) => stage.name)
      const found = await payload.find({
        collection,
        draft: true,
        depth: 1,
        limit: 100,
        sort: '-updatedAt',
        overrideAccess: false,
        user,
        where: {
          and: [
            { reviewStage: { in: later } },
            waitingFilter(collection),
            ...(isMine && user ? [{ assignee: { equals: user.id } }] : []),
          ],
        },
      })
      for (const doc of found.docs as unknown as Record<string, unknown>[]) {
        cards.push({
          collection,
          id: doc.id as number,
          title: String(doc.title ?? doc.name ?? `${collection} ${doc.id}`),
          stage: String(doc.reviewStage),
          assignee: assigneeName(doc.assignee),
          updatedAt: doc.updatedAt as string | undefined,
        })
      }
    }
  }
  const listLink = (collection: ReviewedCollection, stage: string) =>
    `${adminRoute}/collections/${collection}?where[reviewStage][equals]=${encodeURIComponent(stage)}` +
    (isMine && user ? `&where[assignee][equals]=${user.id}` : '')

  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={payload}
      permissions={permissions}
      searchParams={searchParams}
      user={user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <Gutter>
        <div className="review-board">
          <h1 style={{ marginTop: 'calc(var(--base) * 2)' }}>Review board</h1>
          <p>
            Articles, pages and products waiting to be published, by review stage. Move a document
            on its own page (Review stage, in the sidebar); its assignee gets an e-mail.
          </p>
          <nav aria-label="Whose documents" style={{ display: 'flex', gap: 'var(--base)' }}>
            <a href={`${adminRoute}/review`} aria-current={isMine ? undefined : 'page'}>
              {isMine ? 'Everyone’s' : <strong>Everyone’s</strong>}
            </a>
            <a href={`${adminRoute}/review?mine=1`} aria-current={isMine ? 'page' : undefined}>
              {isMine ? <strong>Assigned to me</strong> : 'Assigned to me'}
            </a>
          </nav>
          {!hasWriterRole(user) ? (
            <p>Only the people who write content see the review board.</p>
          ) : null}
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${Math.max(columns.length, 1)}, minmax(14rem, 1fr))`,
              gap: 'var(--base)',
              marginTop: 'var(--base)',
            }}
          >
            {columns.map((column) => {
              const inColumn = cards.filter((card) => card.stage === column.name)
              const headingId = `review-stage-${column.name}`
              return (
                <section
                  key={column.name}
                  aria-labelledby={headingId}
                  data-review-column={column.name}
                  style={{
                    borderTop: `4px solid ${column.colour}`,
                    background: 'var(--theme-elevation-50)',
                    padding: 'calc(var(--base) / 2) var(--base)',
                  }}
                >
                  <h2 id={headingId} style={{ fontSize: '1.1rem', margin: 0 }}>
                    {column.label} ({inColumn.length})
                  </h2>
                  <p style={{ fontSize: '0.85rem', margin: 'calc(var(--base) / 4) 0' }}>
                    In the lists:{' '}
                    {reviewedCollections.map((collection, index) => (
                      <span key={collection}>
                        {index > 0 ? ', ' : ''}
                        <a href={listLink(collection, column.name)}>{plural[collection]}</a>
                      </span>
                    ))}
                  </p>
                  {inColumn.length === 0 ? (
                    <p>Nothing here.</p>
                  ) : (
                    <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                      {inColumn.map((card) => (
                        <li
                          key={`${card.collection}-${card.id}`}
                          data-review-card={`${card.collection}-${card.id}`}
                          style={{
                            background: 'var(--theme-elevation-0)',
                            border: '1px solid var(--theme-elevation-150)',
                            borderRadius: 4,
                            padding: 'calc(var(--base) / 2)',
                            marginBottom: 'calc(var(--base) / 2)',
                          }}
                        >
                          <a href={`${adminRoute}/collections/${card.collection}/${card.id}`}>
                            {card.title}
                          </a>
                          <div style={{ fontSize: '0.85rem' }}>
                            {nouns[card.collection]} ·{' '}
                            {card.assignee ? `Assigned to ${card.assignee}` : 'Nobody assigned'}
                            {card.updatedAt ? (
                              <>
                                {' · changed '}
                                <LocalTime iso={card.updatedAt} />
                              </>
                            ) : null}
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )
            })}
          </div>
        </div>
      </Gutter>
    </DefaultTemplate>
  )
}
