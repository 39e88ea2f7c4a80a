import type pg from 'pg'

/**
 * Inserts `count` articles with one statement (the Local API takes ~0.1 s an article), with
 * slugs `<prefix>-<n>` and statuses cycling through `statuses`. For fixtures of walks and
 * benchmarks; hooks do not run, so no business events are emitted.
 */
export async function insertArticles(
  db: Pick<pg.Pool, 'query'>,
  options: {
    count: number
    authorId: number
    prefix: string
    statuses?: ('draft' | 'published')[]
    tagIds?: number[]
  },
): Promise<void> {
  const statuses = options.statuses ?? ['published']
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO articles (title, slug, excerpt, _status, author_id, published_at, created_at, updated_at)
     SELECT 'Article ' || $1 || ' ' || n, $1 || '-' || n, 'Excerpt ' || n,
            ($2::text[])[1 + n % array_length($2::text[], 1)]::enum_articles_status, $3,
            now() - make_interval(secs => n), now() - make_interval(secs => n),
            now() - make_interval(secs => n)
     FROM generate_series(1, $4::integer) AS n
     RETURNING id`,
    [options.prefix, statuses, options.authorId, options.count],
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
