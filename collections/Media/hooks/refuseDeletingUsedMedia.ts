import { sql } from '@payloadcms/db-postgres'
import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'

/**
 * An image still shown is not deleted: deleting it would leave a hole in a published page. The
 * answer is 409 naming where it is used (an article's or a page's cover, an image in an
 * article's text, a product's gallery), so the editor can replace it there first. Drafts
 * count too: the image would be missing when the draft is published.
 */
export const refuseDeletingUsedMedia: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const db = await transactionDatabase(req)
  const mediaId = Number(id)
  const uses = await db.execute<{ place: string }>(sql`
    SELECT 'article ' || a.id || ' "' || a.title || '"' AS place FROM articles a
      WHERE a.cover_id = ${mediaId}
        OR jsonb_path_exists(a.body::jsonb, '$.** ? (@.type == "upload" && @.value == $id)',
                             jsonb_build_object('id', ${mediaId}::integer))
    UNION
    SELECT 'article ' || v.parent_id || ' (draft) "' || v.version_title || '"' FROM _articles_v v
      WHERE v.latest AND (v.version_cover_id = ${mediaId}
        OR jsonb_path_exists(v.version_body::jsonb, '$.** ? (@.type == "upload" && @.value == $id)',
                             jsonb_build_object('id', ${mediaId}::integer)))
    UNION
    SELECT 'page ' || p.id || ' "' || p.title || '"' FROM pages p WHERE p.cover_id = ${mediaId}
    UNION
    SELECT 'product ' || r.parent_id || ' "' || pr.name || '"' FROM products_rels r
      JOIN products pr ON pr.id = r.parent_id WHERE r.path = 'images' AND r.media_id = ${mediaId}
    ORDER BY 1 LIMIT 5`)
  if (uses.rows.length === 0) return
  const places = uses.rows.map((row) => row.place).join(', ')
  throw new APIError(
    `This image is still used by ${places}; replace it there before deleting it`,
    409,
  )
}
