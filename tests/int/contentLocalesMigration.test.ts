import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrations } from '../../migrations'
import { migrationDatabase, migrationIndex, migrationPayload } from '../helpers/migrationDatabase'

// The migration that moves the text into Payload's per-locale tables
// (migrations/*_content_locales.ts), run on a database migrated up to the one before it and
// holding content, as an operator's database would when they upgrade.
const localesMigration = migrationIndex('_content_locales')
let database: Awaited<ReturnType<typeof migrationDatabase>>
let pool: pg.Pool

const body = {
  root: {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }],
  },
}

beforeAll(async () => {
  expect(localesMigration).toBeGreaterThan(0)
  database = await migrationDatabase('locales_migration', migrationPayload())
  pool = database.pool
  await database.migrate(localesMigration)
  // Content as the app left it before locales (foreign keys are not checked for this session's
  // inserts: the migration does not read what they point at).
  const client = await pool.connect()
  try {
    await client.query('SET session_replication_role = replica')
    await client.query(
      `INSERT INTO articles (id, title, slug, excerpt, body, author_id, _status)
       VALUES (1, 'Published title', 'published', 'Its excerpt', $1, 1, 'published'),
              (2, 'Draft title', 'draft', NULL, NULL, 1, 'draft')`,
      [body],
    )
    await client.query(
      `INSERT INTO _articles_v (id, parent_id, version_title, version_slug, version_excerpt,
         version_body, version_author_id, version__status, latest)
       VALUES (10, 1, 'Published title', 'published', 'Its excerpt', $1, 1, 'published', false),
              (11, 1, 'Next draft title', 'published', 'Next excerpt', $1, 1, 'draft', true)`,
      [body],
    )
    await client.query(
      `INSERT INTO pages (id, title, slug, description, content, _status)
       VALUES (1, 'About us', 'about', 'Who we are', $1, 'published')`,
      [body],
    )
    await client.query(
      `INSERT INTO _pages_v (id, parent_id, version_title, version_slug, version_description,
         version_content, version__status, latest)
       VALUES (20, 1, 'About us', 'about', 'Who we are', $1, 'published', true)`,
      [body],
    )
    await client.query(
      `INSERT INTO media (id, alt, filename) VALUES (1, 'Boats in a harbour', 'boats.jpg')`,
    )
    await client.query(
      `INSERT INTO products (id, name, slug, description, price, stock)
       VALUES (1, 'Enamel mug', 'enamel-mug', 'Holds tea', 12.5, 4),
              (2, 'Linen towel', 'linen-towel', NULL, 9, 0)`,
    )
    await client.query('RESET session_replication_role')
  } finally {
    client.release()
  }
  await database.migrate(localesMigration + 1, localesMigration)
})

afterAll(async () => {
  await database?.drop()
})

const rowsOf = async (table: string, columns: string) =>
  (await pool.query(`SELECT ${columns} FROM ${table} ORDER BY _parent_id, _locale`)).rows

describe('the content_locales migration on a database holding content', () => {
  it("keeps every article's and version's text as the default locale's", async () => {
    expect(
      await rowsOf('articles_locales', '_parent_id, _locale::text, title, excerpt, body'),
    ).toEqual([
      { _parent_id: 1, _locale: 'en', title: 'Published title', excerpt: 'Its excerpt', body },
      { _parent_id: 2, _locale: 'en', title: 'Draft title', excerpt: null, body: null },
    ])
    expect(
      await rowsOf(
        '_articles_v_locales',
        '_parent_id, _locale::text, version_title, version_excerpt, version_body',
      ),
    ).toEqual([
      {
        _parent_id: 10,
        _locale: 'en',
        version_title: 'Published title',
        version_excerpt: 'Its excerpt',
        version_body: body,
      },
      {
        _parent_id: 11,
        _locale: 'en',
        version_title: 'Next draft title',
        version_excerpt: 'Next excerpt',
        version_body: body,
      },
    ])
  })

  it("keeps pages', media's and products' text as the default locale's", async () => {
    expect(
      await rowsOf('pages_locales', '_parent_id, _locale::text, title, description, content'),
    ).toEqual([
      { _parent_id: 1, _locale: 'en', title: 'About us', description: 'Who we are', content: body },
    ])
    expect(
      await rowsOf('_pages_v_locales', '_parent_id, _locale::text, version_title, version_content'),
    ).toEqual([{ _parent_id: 20, _locale: 'en', version_title: 'About us', version_content: body }])
    expect(await rowsOf('media_locales', '_parent_id, _locale::text, alt')).toEqual([
      { _parent_id: 1, _locale: 'en', alt: 'Boats in a harbour' },
    ])
    expect(
      await rowsOf('products_locales', '_parent_id, _locale::text, name, description'),
    ).toEqual([
      { _parent_id: 1, _locale: 'en', name: 'Enamel mug', description: 'Holds tea' },
      { _parent_id: 2, _locale: 'en', name: 'Linen towel', description: null },
    ])
  })

  it('leaves no text in the old columns, and nothing else of the rows changed', async () => {
    const { rows } = await pool.query(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND (table_name, column_name) IN (('articles', 'title'),
         ('articles', 'body'), ('pages', 'title'), ('media', 'alt'), ('products', 'name'))`,
    )
    expect(rows).toEqual([])
    const products = await pool.query(
      'SELECT id, slug, price::text AS price, stock::text AS stock FROM products ORDER BY id',
    )
    expect(products.rows).toEqual([
      { id: 1, slug: 'enamel-mug', price: '12.5', stock: '4' },
      { id: 2, slug: 'linen-towel', price: '9', stock: '0' },
    ])
  })

  it('down puts the default locale’s text back in the columns, and up moves it again', async () => {
    const migration = migrations[localesMigration]!
    await migration.down({
      db: drizzle(pool),
      payload: migrationPayload(),
    } as unknown as MigrateDownArgs)
    const { rows } = await pool.query('SELECT id, title, excerpt FROM articles ORDER BY id')
    expect(rows).toEqual([
      { id: 1, title: 'Published title', excerpt: 'Its excerpt' },
      { id: 2, title: 'Draft title', excerpt: null },
    ])
    const media = await pool.query('SELECT alt FROM media')
    expect(media.rows).toEqual([{ alt: 'Boats in a harbour' }])
    await database.migrate(localesMigration + 1, localesMigration)
    expect(await rowsOf('products_locales', '_parent_id, name')).toEqual([
      { _parent_id: 1, name: 'Enamel mug' },
      { _parent_id: 2, name: 'Linen towel' },
    ])
  })

  it('refuses a default locale its tables do not know, naming what to do', async () => {
    const migration = migrations[localesMigration]!
    await expect(
      migration.up({
        db: drizzle(pool),
        payload: migrationPayload('de'),
      } as unknown as MigrateUpArgs),
    ).rejects.toThrow(/"de" \(CONTENT_LOCALES\) is not one of en, ru/)
  })
})
