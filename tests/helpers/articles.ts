import type pg from 'pg'
import type { Payload } from 'payload'

/**
 * Inserts `count` articles with one statement (the Local API takes ~0.1 s an article), with
 * slugs `<prefix>-<n>` and statuses cycling through `statuses`, their text in the default locale
 * (`en`) and, with `translations`, in those locales too (the title and excerpt prefixed with the
 * locale: `[ru] Article ...`). For fixtures of walks and benchmarks; hooks do not run, so no
 * business events are emitted.
 */
export async function insertArticles(
  db: Pick<pg.Pool, 'query'>,
  options: {
    count: number
    authorId: number
    prefix: string
    statuses?: ('draft' | 'published')[]
    tagIds?: number[]
    translations?: string[]
  },
): Promise<void> {
  const statuses = options.statuses ?? ['published']
  const { rows } = await db.query<{ id: number }>(
    `WITH inserted AS (
       INSERT INTO articles (slug, _status, author_id, published_at, created_at, updated_at)
       SELECT $1 || '-' || n,
              ($2::text[])[1 + n % array_length($2::text[], 1)]::enum_articles_status, $3,
              now() - make_interval(secs => n), now() - make_interval(secs => n),
              now() - make_interval(secs => n)
       FROM generate_series(1, $4::integer) AS n
       RETURNING id, slug
     ), texts AS (
       INSERT INTO articles_locales (title, excerpt, _locale, _parent_id)
       SELECT CASE WHEN l.locale = 'en' THEN '' ELSE '[' || l.locale || '] ' END
                || 'Article ' || $1 || ' ' || substr(i.slug, length($1) + 2),
              CASE WHEN l.locale = 'en' THEN '' ELSE '[' || l.locale || '] ' END
                || 'Excerpt ' || substr(i.slug, length($1) + 2),
              l.locale::_locales, i.id
       FROM inserted i, unnest(array_prepend('en', $5::text[])) AS l(locale)
     )
     SELECT id FROM inserted`,
    [options.prefix, statuses, options.authorId, options.count, options.translations ?? []],
  )
  const tagIds = options.tagIds ?? []
  if (!tagIds.length) return
  await db.query(
    `INSERT INTO articles_rels ("order", parent_id, path, tags_id)
     SELECT t.ordinality, a.id, 'tags', t.tag_id
     FROM unnest($1::integer[]) AS a(id), unnest($2::integer[]) WITH ORDINALITY AS t(tag_id, ordinality)`,
    [rows.map((row) => row.id), tagIds],
  )
}

/** Creates an author named `name` through the Local API; returns its id. */
export async function createAuthor(payload: Payload, name: string) {
  return (await payload.create({ collection: 'authors', data: { name } })).id
}
