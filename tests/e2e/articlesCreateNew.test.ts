import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { api } from './api'
import { browserForFile } from './browser'
import { editorToken, logInAsEditor, uniqueTitle } from './editorSession'

const baseUrl = inject('baseUrl')
const browser = browserForFile()

/** How many articles exist, drafts included, as Payload's REST API counts them for an editor. */
async function articleCount(token: string): Promise<number> {
  const listed = await api('/api/articles?draft=true&limit=1&depth=0', { token })
  expect(listed.status).toBe(200)
  return listed.body.totalDocs as number
}

/** Articles > Create New, from the list, as an editor reaches the form. */
async function openCreateNew(page: Page) {
  await page.goto(`${baseUrl}/admin/collections/articles`)
  await page.getByRole('link', { name: 'Create New' }).first().click()
  await page.waitForURL((url) => url.pathname !== '/admin/collections/articles')
  await page.locator('#field-title').waitFor()
}

describe('a new article in the admin panel', () => {
  it('is not saved by opening "Create New" and leaving', async () => {
    const token = await editorToken()
    const before = await articleCount(token)
    const page = await logInAsEditor(browser())

    await openCreateNew(page)
    // The form stays a form for a new article: nothing was created to redirect to.
    expect(new URL(page.url()).pathname).toBe('/admin/collections/articles/create')
    await page.goto(`${baseUrl}/admin/collections/articles`)
    await page.locator('.table tbody tr').first().waitFor()

    expect(await articleCount(token)).toBe(before)
  })

  it('is saved once, when the editor saves it, and autosaved from then on', async () => {
    const token = await editorToken()
    const before = await articleCount(token)
    const page = await logInAsEditor(browser())
    const title = uniqueTitle('First draft')

    await openCreateNew(page)
    await page.locator('#field-title').fill(title)
    await page.locator('#field-author').click()
    await page.locator('.rs__option').first().click()
    expect(await articleCount(token)).toBe(before)

    await page.getByRole('button', { name: 'Save Draft' }).click()
    await page.waitForURL(/\/admin\/collections\/articles\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    expect(await articleCount(token)).toBe(before + 1)
    const saved = await api(`/api/articles/${id}?draft=true&depth=0`, { token })
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
