import { mkdir } from 'node:fs/promises'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { launchBrowser } from './browser'
import {
  createArticle,
  editorToken,
  logInAsEditor,
  publishedArticle,
  shownStatus,
} from './editorSession'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
  await mkdir('docs/images', { recursive: true })
})

afterAll(async () => {
  await browser?.close()
})

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A time as the admin panel's date picker reads it (`MMM d, yyyy h:mm a`), in UTC. */
function pickerText(time: Date) {
  const hours = time.getUTCHours()
  const minutes = String(time.getUTCMinutes()).padStart(2, '0')
  return `${months[time.getUTCMonth()]} ${time.getUTCDate()}, ${time.getUTCFullYear()} ${
    hours % 12 || 12
  }:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

describe('an editor scheduling the publication of a draft', () => {
  // The picker takes whole minutes: the publication is 30 to 90 s ahead, then checked for 90 s.
  it(
    'sees the draft become published at the time chosen in "Schedule Publish"',
    { timeout: 300_000 },
    async () => {
      const token = await editorToken()
      const title = 'Spring collection arrives'
      const articleId = await createArticle(token, { title, status: 'draft' })
      expect((await publishedArticle(articleId)).status).toBe(404)

      const page = await logInAsEditor(browser)
      await page.goto(`${baseUrl}/admin/collections/articles/${articleId}`)
      expect(await shownStatus(page).textContent()).toBe('Draft')

      // The publish button's menu > Schedule Publish.
      await page.locator('#action-save').locator('xpath=..').locator('.popup-button').click()
      await page.getByRole('button', { name: 'Schedule Publish' }).click()
      const drawer = page.locator('.schedule-publish')
      await drawer.getByRole('heading', { name: `Schedule publish for ${title}` }).waitFor()
      await drawer.getByText('No upcoming events scheduled.').waitFor()

      // The next whole minute at least 30 s away.
      const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000)
      // The styled radio hides its input: the editor clicks the label.
      const publishType = page.getByRole('radio', { name: 'Publish', exact: true })
      await drawer.locator('label', { has: publishType }).click()
      expect(await publishType.isChecked()).toBe(true)
      const time = drawer.locator('#time input')
      await time.fill(pickerText(at))
      // Enter takes the typed time and closes the calendar that covers the Save button.
      await time.press('Enter')
      await page.locator('.react-datepicker__month').waitFor({ state: 'detached' })
      await drawer.getByRole('button', { name: 'Save', exact: true }).click()
      await page.getByText('Scheduled successfully.').waitFor()
      // The drawer lists the publication among the upcoming events.
      const upcoming = drawer.locator('.table tbody tr')
      await upcoming.first().waitFor()
      expect(await upcoming.count()).toBe(1)
      const event = await upcoming.first().innerText()
      expect(event).toContain('Publish')
      expect(event).toContain(pickerText(at).split(' ').slice(3).join(' '))
      await page.screenshot({ path: 'docs/images/schedule-publish.png' })
      expect(Date.now()).toBeLessThan(at.getTime())
      expect((await publishedArticle(articleId)).status).toBe(404)

      // The editor reloads the article until it shows as published (Payload's jobs queue runs
      // every JOBS_POLL_SECONDS, 1 s here).
      await expect
        .poll(
          async () => {
            await page.reload()
            return shownStatus(page).textContent()
          },
          { timeout: at.getTime() - Date.now() + 90_000, interval: 2_000 },
        )
        .toBe('Published')
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())

      const forReaders = await publishedArticle(articleId)
      expect(forReaders.status).toBe(200)
      expect(forReaders.body.data).toMatchObject({ title, status: 'published' })
      expect(forReaders.body.data.published_at).not.toBeNull()
    },
  )
})
