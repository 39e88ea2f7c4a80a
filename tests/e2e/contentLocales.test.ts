import { mkdir } from 'node:fs/promises'

import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { adminPanelAs, browserForFile } from './browser'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

const signedInEditor = (): Promise<Page> =>
  adminPanelAs(browser(), credentials.editorEmail, credentials.editorPassword)

/** A published seeded article (written in English and Russian), by the API. */
async function publishedArticle(offset: number) {
  const response = await fetch(
    `${baseUrl}/api/v1/articles?status=published&sort=id&order=desc&per_page=1&page=${offset}`,
    { headers: { 'x-api-key': credentials.consumerApiKey } },
  )
  const { data } = await response.json()
  return data[0] as { id: number; title: string }
}

const readTitle = async (id: number, query = '') => {
  const response = await fetch(`${baseUrl}/api/v1/articles/${id}${query}`, {
    headers: { 'x-api-key': credentials.consumerApiKey },
  })
  return ((await response.json()) as { data: { title: string } }).data.title
}

describe('languages in the admin panel', () => {
  it('the locale switcher edits the Russian title; the English one stays', async () => {
    const article = await publishedArticle(1)
    const english = await readTitle(article.id)
    const page = await signedInEditor()
    await page.goto(`${baseUrl}/admin/collections/articles/${article.id}`)
    const title = page.locator('#field-title')
    await expect.poll(() => title.inputValue()).toBe(english)

    // The switcher at the top of the form: Russian.
    await page.locator('.localizer button').first().click()
    await page.locator('.popup-button-list__button', { hasText: 'Russian' }).click()
    await page.waitForURL(/[?&]locale=ru/)
    await expect.poll(() => title.inputValue()).not.toBe(english)

    const russian = `Русский заголовок ${Date.now()}`
    await title.fill(russian)
    await mkdir('docs/images', { recursive: true })
    await page.screenshot({ path: 'docs/images/admin-locale-switcher.png' })
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await page.getByText('Updated successfully.').first().waitFor()

    await expect.poll(() => readTitle(article.id, '?locale=ru')).toBe(russian)
    expect(await readTitle(article.id)).toBe(english)
    await page.close()
  })
})

describe('live preview', () => {
  it('shows the draft beside the form as the editor types, in the locale being edited', async () => {
    const article = await publishedArticle(2)
    const page = await signedInEditor()
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(`${baseUrl}/admin/collections/articles/${article.id}?locale=ru`)
    await page.locator('#field-title').waitFor()
    await page.locator('#live-preview-toggler').click()

    const preview = page.frameLocator('iframe[src*="/preview/articles/"]')
    const shownTitle = preview.locator('h1[data-field="title"]')
    await expect
      .poll(() => shownTitle.textContent(), { timeout: 30_000 })
      .toBe(await page.locator('#field-title').inputValue())
    expect(await preview.locator('html').getAttribute('lang')).toBe('ru')

    const typed = `Пишу сейчас ${Date.now()}`
    await page.locator('#field-title').fill(typed)
    await expect.poll(() => shownTitle.textContent(), { timeout: 15_000 }).toBe(typed)
    await mkdir('docs/images', { recursive: true })
    await page.screenshot({ path: 'docs/images/admin-live-preview.png' })

    // Everything the preview loaded came from this app.
    const origin = new URL(baseUrl).origin
    const previewRequests = requests.filter((url) => url.includes('/preview/'))
    expect(previewRequests.length).toBeGreaterThan(0)
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual(
      [],
    )
    await page.close()
  })
})
