import { mkdir } from 'node:fs/promises'

import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { api } from './api'
import { browserForFile } from './browser'
import {
  createArticle,
  editorToken,
  logInAsEditor,
  pictureJpeg,
  publishedArticle,
  shownStatus,
  uniqueTitle,
  uploadMedia,
} from './editorSession'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

beforeAll(async () => {
  await mkdir('docs/images', { recursive: true })
})

/** Waits for the admin panel's save of article `id` that `isWanted` picks; its status. */
async function articleSave(page: Page, id: number, isWanted: (url: URL) => boolean) {
  const response = await page.waitForResponse((candidate) => {
    const url = new URL(candidate.url())
    return (
      candidate.request().method() === 'PATCH' &&
      url.pathname === `/api/articles/${id}` &&
      isWanted(url)
    )
  })
  return response.status()
}

const isAutosave = (url: URL) => url.searchParams.get('autosave') === 'true'

describe('an editor giving an article a cover picture', () => {
  it('uploads a picture with its alt text, sets it as the cover, and sees its thumbnail in the articles list', async () => {
    const token = await editorToken()
    // Plain titles: the list is photographed for the docs (the app's database is new each run).
    const title = 'Harbour at dawn'
    const articleId = await createArticle(token, { title, status: 'published' })
    const page = await logInAsEditor(browser())

    // Media > Create New: the file and what it shows.
    await page.goto(`${baseUrl}/admin/collections/media/create`)
    const name = `harbour-${Date.now()}.jpg`
    await page.locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'image/jpeg',
      buffer: await pictureJpeg({ sky: '#f6c28b', sun: '#fff3c4', hills: '#2f6f73' }),
    })
    await page.getByRole('textbox', { name: 'Alt' }).fill('Boats in a harbour at dawn')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Media successfully created.').waitFor()
    await page.waitForURL(/\/admin\/collections\/media\/\d+$/)
    const mediaId = Number(new URL(page.url()).pathname.split('/').pop())
    // The saved upload shows the stored file, its dimensions and its alt text.
    await page.getByText('1200x800').first().waitFor()
    expect(await page.getByRole('textbox', { name: 'Alt' }).inputValue()).toBe(
      'Boats in a harbour at dawn',
    )
    await page.screenshot({ path: 'docs/images/media-upload.png', fullPage: true })

    const media = await api(`/api/media/${mediaId}`, { token })
    expect(media.status).toBe(200)
    expect(media.body.alt).toBe('Boats in a harbour at dawn')
    const thumbnail = media.body.sizes.thumbnail as { filename: string; mimeType: string }
    expect(thumbnail).toMatchObject({ mimeType: 'image/webp', width: 320, height: 320 })

    // The article form: Cover > Choose from existing > the picture, then publish.
    await page.goto(`${baseUrl}/admin/collections/articles/${articleId}`)
    await page.getByRole('button', { name: 'Choose from existing' }).click()
    const drawer = page.locator('.list-drawer')
    await drawer.getByText(media.body.filename as string).click()
    await drawer.waitFor({ state: 'detached' })
    await page
      .locator('.field-type.upload')
      .getByText(media.body.filename as string)
      .waitFor()
    const published = articleSave(page, articleId, (url) => !isAutosave(url))
    await page.getByRole('button', { name: 'Publish changes' }).click()
    expect(await published).toBe(200)
    await expect.poll(() => shownStatus(page).textContent()).toBe('Published')

    const saved = await api(`/api/articles/${articleId}?depth=0`, { token })
    expect(saved.body).toMatchObject({ cover: mediaId, _status: 'published' })

    // Two more articles with covers, so that the list in the docs shows what editors will see.
    for (const [prefix, colors] of [
      ['Orchard in spring', { sky: '#bfe3f2', sun: '#ffe066', hills: '#4c9a2a' }],
      ['Night market', { sky: '#1d2951', sun: '#f4f1de', hills: '#3d405b' }],
    ] as const) {
      const otherId = await createArticle(token, { title: prefix, status: 'published' })
      const cover = await uploadMedia(token, {
        name: `${prefix.toLowerCase().replace(/ /g, '-')}-${Date.now()}.jpg`,
        bytes: await pictureJpeg(colors),
        alt: prefix,
      })
      const patched = await api(`/api/articles/${otherId}`, {
        method: 'PATCH',
        token,
        body: { cover: cover.id },
      })
      expect(patched.status).toBe(200)
    }

    // The articles list: the cover column shows the thumbnail size of the picture, loaded.
    await page.goto(`${baseUrl}/admin/collections/articles?sort=-updatedAt`)
    // The row of this article (a demo picture may share the title's words).
    const row = page.locator('.table tbody tr', {
      has: page.locator(`a[href$="/collections/articles/${articleId}"]`),
    })
    const image = row.locator('img')
    await image.waitFor()
    expect(new URL((await image.getAttribute('src'))!, baseUrl).pathname).toBe(
      `/api/media/file/${thumbnail.filename}`,
    )
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(320)
    const served = await fetch(new URL((await image.getAttribute('src'))!, baseUrl))
    expect(served.headers.get('content-type')).toBe('image/webp')
    await page.screenshot({ path: 'docs/images/articles-with-covers.png' })
  })
})

describe('an editor changing a published article', () => {
  it('autosaves the change as a draft while readers keep the published title', async () => {
    const token = await editorToken()
    const oldTitle = uniqueTitle('Tide tables explained')
    const newTitle = `${oldTitle}, revised`
    const articleId = await createArticle(token, { title: oldTitle, status: 'published' })
    const page = await logInAsEditor(browser())
    await page.goto(`${baseUrl}/admin/collections/articles/${articleId}`)
    const titleField = page.getByRole('textbox', { name: 'Title' })
    expect(await titleField.inputValue()).toBe(oldTitle)
    expect(await shownStatus(page).textContent()).toBe('Published')

    const autosaved = articleSave(page, articleId, isAutosave)
    await titleField.fill(newTitle)
    expect(await autosaved).toBe(200)
    // The panel says the document now differs from what is published, and when it was saved.
    await expect.poll(() => shownStatus(page).textContent()).toBe('Changed')
    await page.getByText(/^Last saved .* ago$/).waitFor()

    // Readers of the API still get the published title.
    const forReaders = await publishedArticle(articleId)
    expect(forReaders.status).toBe(200)
    expect(forReaders.body.data).toMatchObject({ title: oldTitle, status: 'published' })
    // The draft holds the new one: Payload's REST, as the admin panel reads it.
    const draft = await api(`/api/articles/${articleId}?draft=true&depth=0`, { token })
    expect(draft.body.title).toBe(newTitle)

    // After a reload the form opens on the draft, not on the published text.
    await page.reload()
    await expect.poll(() => titleField.inputValue()).toBe(newTitle)
    expect(await shownStatus(page).textContent()).toBe('Changed')

    // The public API's `draft=true` (added on main in b90780f) shows editors the newest draft,
    // and is ignored for a consumer.
    const draftForEditor = await api(`/api/v1/articles/${articleId}?draft=true`, { token })
    expect(draftForEditor.status).toBe(200)
    expect(draftForEditor.body.data.title).toBe(newTitle)
    const draftForConsumer = await api(`/api/v1/articles/${articleId}?draft=true`, {
      apiKey: credentials.consumerApiKey,
    })
    expect(draftForConsumer.body.data.title).toBe(oldTitle)
  })
})

describe('an editor restoring an earlier version', () => {
  it('brings back the title of the first version from the Versions tab', async () => {
    const token = await editorToken()
    const firstTitle = uniqueTitle('Lighthouses of the north')
    const secondTitle = `${firstTitle}: a new angle`
    const articleId = await createArticle(token, { title: firstTitle, status: 'published' })
    const renamed = await api(`/api/v1/articles/${articleId}`, {
      method: 'PATCH',
      token,
      body: { title: secondTitle },
    })
    expect(renamed.status).toBe(200)
    expect((await publishedArticle(articleId)).body.data.title).toBe(secondTitle)

    const page = await logInAsEditor(browser())
    await page.goto(`${baseUrl}/admin/collections/articles/${articleId}`)
    await page.getByRole('link', { name: 'Versions' }).click()
    await page.waitForURL(`${baseUrl}/admin/collections/articles/${articleId}/versions`)
    const rows = page.locator('.table tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    // Newest first: the last row is the first version.
    await rows.last().locator('a').first().click()
    await page.waitForURL(/\/versions\/\d+$/)
    await page.getByText(firstTitle, { exact: true }).first().waitFor()

    await page.getByRole('button', { name: 'Restore this version' }).click()
    const confirmation = page.getByRole('dialog')
    await confirmation.getByText('Confirm Version Restoration').waitFor()
    await confirmation.getByRole('button', { name: 'Confirm' }).click()
    await page.getByText('Restored Successfully.').waitFor()
    await page.waitForURL(`${baseUrl}/admin/collections/articles/${articleId}`)
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue())
      .toBe(firstTitle)

    const forReaders = await publishedArticle(articleId)
    expect(forReaders.body.data).toMatchObject({ title: firstTitle, status: 'published' })
  })
})
