import { describe, expect, inject, it } from 'vitest'

import { browserForFile } from './browser'
import {
  createArticle,
  editorToken,
  logInAsEditor,
  shownStatus,
  uniqueTitle,
} from './editorSession'

const baseUrl = inject('baseUrl')
const browser = browserForFile()

/** One answer the admin panel had from the API, with what the rate limit said of it. */
type Call = { method: string; path: string; status: number; remaining?: number; limit?: number }

describe("an editor's rate-limit budget", () => {
  it('is never reached by a typical edit in the admin panel', async () => {
    const token = await editorToken()
    const id = await createArticle(token, { title: uniqueTitle('Budget'), status: 'published' })
    const page = await logInAsEditor(browser())
    const calls: Call[] = []
    let serverFunctions = 0
    page.on('response', (response) => {
      const url = new URL(response.url())
      const method = response.request().method()
      if (url.pathname.startsWith('/api/')) {
        const headers = response.headers()
        const remaining = headers['ratelimit-remaining']
        const limit = headers['ratelimit-limit']
        calls.push({
          method,
          path: url.pathname,
          status: response.status(),
          ...(remaining === undefined ? {} : { remaining: Number(remaining) }),
          ...(limit === undefined ? {} : { limit: Number(limit) }),
        })
      } else if (method === 'POST' && response.request().headers()['next-action']) {
        serverFunctions += 1
      }
    })

    // The list, the article, a new title typed at a person's pace (autosave runs), its tags'
    // picker opened, then published; the list again.
    try {
      await typicalEdit()
    } finally {
      const byRoute = new Map<string, number>()
      for (const call of calls) {
        const route = `${call.method} ${call.path.replace(/\/\d+/g, '/{id}')} ${call.status}`
        byRoute.set(route, (byRoute.get(route) ?? 0) + 1)
      }
      console.log(
        `A typical edit: ${calls.length} calls under /api (${[...byRoute]
          .map(([route, count]) => `${route} ×${count}`)
          .join(
            ', ',
          )}) and ${serverFunctions} server functions; editors' budget ${calls.find((call) => call.limit)?.limit} a minute`,
      )
    }
    expect(calls.filter((call) => call.status === 429)).toEqual([])
    // Every call under /api was counted against the editor's own budget.
    expect(calls.filter((call) => call.remaining === undefined)).toEqual([])

    async function typicalEdit() {
      await page.goto(`${baseUrl}/admin/collections/articles`)
      await page.locator('.table tbody tr').first().waitFor()
      await page.goto(`${baseUrl}/admin/collections/articles/${id}`)
      const title = page.locator('#field-title')
      await title.fill('')
      await title.pressSequentially('A title typed one key at a time', { delay: 60 })
      await page.locator('#field-tags').click()
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Publish changes' }).click()
      await expect.poll(() => shownStatus(page).textContent()).toBe('Published')
      await page.goto(`${baseUrl}/admin/collections/articles`)
      await page.locator('.table tbody tr').first().waitFor()
    }
  })
})
