import type { Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'

import { api } from './api'
import { browserForFile } from './browser'
import { editorToken, logInAsEditor, uniqueTitle } from './editorSession'

const baseUrl = inject('baseUrl')
const browser = browserForFile()

/** How many articles (or pages) exist, drafts included, as Payload's REST API counts them. */
async function articleCount(token: string, collection = 'articles'): Promise<number> {
  const listed = await api(`/api/${collection}?draft=true&limit=1&depth=0`, { token })
  expect(listed.status).toBe(200)
  return listed.body.totalDocs as number
}

/**
 * Articles (or Pages) > Create New, from the list, as an editor reaches the form, in English:
 * the admin panel opens in the locale the editor last chose (another test's editor may have
 * left it on Russian), and a title typed there is that locale's.
 */
async function openCreateNew(page: Page, collection = 'articles') {
  await page.goto(`${baseUrl}/admin/collections/${collection}?locale=en`)
  await page.getByRole('link', { name: 'Create New' }).first().click()
  await page.waitForURL((url) => url.pathname !== `/admin/collections/${collection}`)
  await page.locator('#field-title').waitFor()
}

describe('a new article in the admin panel', () => {
  // The editor is left in English for the files after this one, as the seed made it.
  afterAll(async () => {
    const reset = await api('/api/payload-preferences/locale', {
      method: 'POST',
      token: await editorToken(),
      body: { value: 'en' },
    })
    expect(reset.status).toBe(200)
  })

  it.each(['articles', 'pages'])(
    'is not saved by opening "Create New" and leaving (%s)',
    async (collection) => {
      const token = await editorToken()
      const before = await articleCount(token, collection)
      const page = await logInAsEditor(browser())

      await openCreateNew(page, collection)
      // The form stays a form for a new document: nothing was created to redirect to.
      expect(new URL(page.url()).pathname).toBe(`/admin/collections/${collection}/create`)
      await page.goto(`${baseUrl}/admin/collections/${collection}`)
      await page.locator('.collection-list').first().waitFor()

      expect(await articleCount(token, collection)).toBe(before)
    },
  )

  it('is saved once, when the editor saves it, and autosaved from then on', async () => {
    const token = await editorToken()
    const before = await articleCount(token)
    const page = await logInAsEditor(browser())
    const title = uniqueTitle('First draft')
    // The editor last worked in Russian: the admin panel remembers it (as after contentLocales).
    const remembered = await api('/api/payload-preferences/locale', {
      method: 'POST',
      token,
      body: { value: 'ru' },
    })
    expect(remembered.status).toBe(200)

    await openCreateNew(page)
    expect(new URL(page.url()).searchParams.get('locale') ?? 'en').toBe('en')
    await page.locator('#field-title').fill(title)
    await page.locator('#field-author').click()
    await page.locator('.rs__option').first().click()
    expect(await articleCount(token)).toBe(before)

    await page.getByRole('button', { name: 'Save Draft' }).click()
    await page.waitForURL(/\/admin\/collections\/articles\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    expect(await articleCount(token)).toBe(before + 1)
    const saved = await api(`/api/articles/${id}?draft=true&depth=0&locale=en`, { token })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ title, _status: 'draft' })

    // From the first save on, changes are kept as the editor types, without a new article.
    const autosaved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/articles/${id}` &&
        new URL(response.url()).searchParams.get('autosave') === 'true',
    )
    await page.locator('#field-excerpt').fill('Kept while typing.')
    expect((await autosaved).status()).toBe(200)
    const afterAutosave = await api(`/api/articles/${id}?draft=true&depth=0`, { token })
    expect(afterAutosave.body.excerpt).toBe('Kept while typing.')
    expect(await articleCount(token)).toBe(before + 1)
  })
})
