import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import { defaultLocaleText } from '@/db/localizedText'
import { namedUses, type MediaUse } from '../mediaUses'

/*
 * An upload node of the media collection anywhere in a Lexical document. Payload stores the node's
 * `value` as sent: the id (what the admin panel sends) or the image as an object `{ id, ... }`
 * (what a client sends back after reading at depth 1); both are matched. `$.**` visits every
 * level, so nodes inside lists, quotes or tables count too.
 */
const uploadNode =
  '$.** ? (@.type == "upload" && @.relationTo == "media" && (@.value == $id || @.value.id == $id))'

/**
 * The documents that use image `mediaId` (see `mediaUses.ts` for what counts), one entry per
 * document and state (published, draft), ordered by kind and id; at most `namedUses + 1`, enough
 * to say there are more. `db` is the deleting transaction's handle.
 *
 * The rich text cannot be indexed for "holds an upload node of this id at any depth" (a GIN index
 * serves containment at a known path, not `$.**`), so each latest version's text is searched
 * (`_articles_v_latest_idx`, `_pages_v_latest_idx` find them), and a document's own row only when
 * it differs from its latest version; the gallery goes through `products_rels_media_id_idx`.
 * Deleting an image is a rare editor action: about 0.13 s with 10,000 articles and 1,000 pages of
 * 5 versions each (one in ten with a pending draft; short texts), on a busy 2-core machine. A
 * GIN index over an expression listing a text's image ids would take it to milliseconds, at the
 * cost of a migration: not needed at this size.
 */
export async function findMediaUses(db: TransactionDb, mediaId: number): Promise<MediaUse[]> {
  // A document is named by its default locale's title; its text in any locale may use the image.
  const text = (table: string, parent: string, column: string) =>
    sql.raw(defaultLocaleText(table, parent, column))
  const vars = sql`jsonb_build_object('id', ${mediaId}::integer)`
  const path = sql`${uploadNode}::jsonpath`
  const { rows } = await db.execute<MediaUse>(sql`
    WITH uses AS (
      -- Each document's current version: its latest version, a draft or what was published.
      SELECT 'article' AS kind, v.parent_id AS id, ${text('_articles_v_locales', 'v', 'version_title')} AS title,
             v.version__status IS DISTINCT FROM 'published' AS draft
        FROM _articles_v v
        WHERE v.latest AND v.parent_id IS NOT NULL
          AND (v.version_cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM _articles_v_locales t
            WHERE t._parent_id = v.id AND jsonb_path_exists(t.version_body, ${path}, ${vars})))
      UNION ALL
      -- The document's own row where it says more: published with a newer draft pending, or a
      -- document without versions. (Published and latest alike, they are the same content; a
      -- draft row is what the document was before its latest version.) CASE keeps the text
      -- from being searched before the join has left out the other rows.
      SELECT 'article', a.id, ${text('articles_locales', 'a', 'title')}, a._status IS DISTINCT FROM 'published'
        FROM articles a LEFT JOIN _articles_v l ON l.parent_id = a.id AND l.latest
        WHERE CASE WHEN l.id IS NULL
                     OR (a._status = 'published' AND l.version__status IS DISTINCT FROM 'published')
                   THEN a.cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM articles_locales t
                     WHERE t._parent_id = a.id AND jsonb_path_exists(t.body, ${path}, ${vars}))
                   ELSE false END
      UNION ALL
      SELECT 'page', v.parent_id, ${text('_pages_v_locales', 'v', 'version_title')}, v.version__status IS DISTINCT FROM 'published'
        FROM _pages_v v
        WHERE v.latest AND v.parent_id IS NOT NULL
          AND (v.version_cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM _pages_v_locales t
            WHERE t._parent_id = v.id AND jsonb_path_exists(t.version_content, ${path}, ${vars})))
      UNION ALL
      SELECT 'page', p.id, ${text('pages_locales', 'p', 'title')}, p._status IS DISTINCT FROM 'published'
        FROM pages p LEFT JOIN _pages_v l ON l.parent_id = p.id AND l.latest
        WHERE CASE WHEN l.id IS NULL
                     OR (p._status = 'published' AND l.version__status IS DISTINCT FROM 'published')
                   THEN p.cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM pages_locales t
                     WHERE t._parent_id = p.id AND jsonb_path_exists(t.content, ${path}, ${vars}))
                   ELSE false END
      UNION ALL
      SELECT 'product', pr.id, ${text('products_locales', 'pr', 'name')}, false
        FROM products pr
        WHERE pr.id IN (SELECT r.parent_id FROM products_rels r
                          WHERE r.media_id = ${mediaId} AND r.path = 'images')
    )
    SELECT DISTINCT ON (kind, id, draft) kind, id, title, draft
      FROM uses
      ORDER BY kind, id, draft
      LIMIT ${namedUses + 1}`)
  return rows
}
