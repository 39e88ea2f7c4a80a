import { mkdir } from 'node:fs/promises'

import pg from 'pg'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'

import { formatDateTime } from '../../src/text/dateTimeFormat'
import { browserForFile } from './browser'
import {
  createArticle,
  editorToken,
  logInAsEditor,
  publishedArticle,
  shownStatus,
  uniqueTitle,
} from './editorSession'

const baseUrl = inject('baseUrl')
const databaseUrl = inject('databaseUrl')
const browser = browserForFile()

beforeAll(async () => {
  await mkdir('docs/images', { recursive: true })
})

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The line of the article's page that says when it is scheduled to be published. */
const scheduledLine = (page: Page) => page.locator('.scheduled-status')

/** A time as the admin panel's date picker reads it (`MMM d, yyyy h:mm a`), in UTC. */
function pickerText(time: Date) {
  const hours = time.getUTCHours()
  const minutes = String(time.getUTCMinutes()).padStart(2, '0')
  return `${months[time.getUTCMonth()]} ${time.getUTCDate()}, ${time.getUTCFullYear()} ${
    hours % 12 || 12
  }:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

/** Opens the publish button's menu > Schedule Publish on the article open in `page`. */
async function openScheduleDrawer(page: Page, title: string) {
  await page.locator('#action-save').locator('xpath=..').locator('.popup-button').click()
  await page.getByRole('button', { name: 'Schedule Publish' }).click()
  const drawer = page.locator('.schedule-publish')
  await drawer.getByRole('heading', { name: `Schedule publish for ${title}` }).waitFor()
  return drawer
}

/** Schedules, in the open drawer, the publication at `at` (typed as UTC), in the preset zone. */
async function schedulePublication(page: Page, at: Date) {
  const drawer = page.locator('.schedule-publish')
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
}

describe('an editor scheduling the publication of a draft', () => {
  it('finds "Publish" chosen in Schedule Publish on a draft never published, "Unpublish" once it is published', async () => {
    const token = await editorToken()
    const title = uniqueTitle('First of its kind')
    const articleId = await createArticle(token, { title, status: 'draft' })
    const page = await logInAsEditor(browser())
    await page.goto(`${baseUrl}/admin/collections/articles/${articleId}`)
    expect(await shownStatus(page).textContent()).toBe('Draft')

    const drawer = await openScheduleDrawer(page, title)
    // What the drawer offers first is what the draft can do: be published.
    expect(await drawer.getByRole('radio', { name: 'Publish', exact: true }).isChecked()).toBe(true)
    expect(await drawer.getByRole('radio', { name: 'Unpublish', exact: true }).isChecked()).toBe(
      false,
    )
    await page.screenshot({ path: 'docs/images/schedule-publish-first.png' })

    // Published, with no newer draft, the only thing left to schedule is its unpublication.
    const publishedTitle = uniqueTitle('Out already')
    const published = await createArticle(token, { title: publishedTitle, status: 'published' })
    expect((await publishedArticle(published)).status).toBe(200)
    await page.goto(`${baseUrl}/admin/collections/articles/${published}`)
    expect(await shownStatus(page).textContent()).toBe('Published')
    const again = await openScheduleDrawer(page, publishedTitle)
    expect(await again.getByRole('radio', { name: 'Unpublish', exact: true }).isChecked()).toBe(
      true,
    )
  })

  it(
    'sees the draft become published once the time chosen in "Schedule Publish" comes',
    { timeout: 180_000 },
    async () => {
      const token = await editorToken()
      const title = 'Spring collection arrives'
      const articleId = await createArticle(token, { title, status: 'draft' })
      expect((await publishedArticle(articleId)).status).toBe(404)

      const page = await logInAsEditor(browser())
      await page.goto(`${baseUrl}/admin/collections/articles/${articleId}`)
      expect(await shownStatus(page).textContent()).toBe('Draft')

      const drawer = await openScheduleDrawer(page, title)
      await drawer.getByText('No upcoming events scheduled.').waitFor()

      // The picker takes whole minutes: ten minutes ahead, rounded up.
      const at = new Date(Math.ceil((Date.now() + 600_000) / 60_000) * 60_000)
      await schedulePublication(page, at)
      // The drawer lists the publication among the upcoming events.
      const upcoming = drawer.locator('.table tbody tr')
      await upcoming.first().waitFor()
      expect(await upcoming.count()).toBe(1)
      const event = await upcoming.first().innerText()
      expect(event).toContain('Publish')
      // In the admin panel's one date format, as every other time.
      expect(event).toContain(formatDateTime(at))
      await page.screenshot({ path: 'docs/images/schedule-publish.png' })
      expect(Date.now()).toBeLessThan(at.getTime())
      expect((await publishedArticle(articleId)).status).toBe(404)

      // Several looks at the queue later (every JOBS_POLL_SECONDS, 1 s here), nothing has run early.
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      expect((await publishedArticle(articleId)).status).toBe(404)

      // The clock reaches the time: the job's time is brought to now in the database, rather
      // than this test waiting ten minutes.
      const db = new pg.Client({ connectionString: databaseUrl })
      await db.connect()
      try {
        const moved = await db.query(
          `UPDATE payload_jobs SET wait_until = now() WHERE task_slug = 'schedulePublish'
             AND completed_at IS NULL AND input->'doc'->>'value' = $1`,
          [String(articleId)],
        )
        expect(moved.rowCount).toBe(1)
      } finally {
        await db.end()
      }

      // The editor reloads the article until it shows as published: the app server's job
      // runner publishes it at its next look.
      await expect
        .poll(
          async () => {
            await page.reload()
            return shownStatus(page).textContent()
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('Published')

      const forReaders = await publishedArticle(articleId)
      expect(forReaders.status).toBe(200)
      expect(forReaders.body.data).toMatchObject({ title, status: 'published' })
      expect(forReaders.body.data.published_at).not.toBeNull()
    },
  )
  it(
    'sees a scheduled draft as "Scheduled for" its time and zone, on its page and in the list',
    { timeout: 120_000 },
    async () => {
      const token = await editorToken()
      const title = uniqueTitle('Winter collection preview')
      const articleId = await createArticle(token, { title, status: 'draft' })
      const page = await logInAsEditor(browser())
      await page.goto(`${baseUrl}/admin/collections/articles/${articleId}`)
      expect(await scheduledLine(page).count()).toBe(0)

      // The zone is preset to the site's (CONTENT_TIME_ZONE, UTC here), not "Select a value".
      const drawer = await openScheduleDrawer(page, title)
      expect(await drawer.locator('.timezone-picker').innerText()).toContain('UTC')
      const at = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000)
      await schedulePublication(page, at)
      // The drawer's table names the zone the time is in, not "No value".
      const upcoming = drawer.locator('.table tbody tr')
      await upcoming.first().waitFor()
      const event = await upcoming.first().innerText()
      expect(event).toContain('UTC')
      expect(event).not.toContain('No value')
      await page.keyboard.press('Escape')
      await drawer.waitFor({ state: 'detached' })

      // The article's page says when it goes out, beside its status.
      const clock = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`
      const expected = new RegExp(
        `^Scheduled for ${at.getUTCDate()} \\w+ ${at.getUTCFullYear()}, ${clock} \\(UTC\\)$`,
      )
      await expect.poll(() => scheduledLine(page).textContent()).toMatch(expected)
      await page.reload()
      expect(await scheduledLine(page).textContent()).toMatch(expected)
      expect(await shownStatus(page).textContent()).toBe('Draft')
      await page.screenshot({ path: 'docs/images/scheduled-article.png' })

      // So does the list, in the article's row.
      await page.goto(`${baseUrl}/admin/collections/articles?where[id][equals]=${articleId}`)
      const row = page.locator('.table tbody tr')
      await row.first().waitFor()
      expect(await row.count()).toBe(1)
      expect(await row.first().innerText()).toMatch(
        new RegExp(
          `Scheduled for ${at.getUTCDate()} \\w+ ${at.getUTCFullYear()}, ${clock} \\(UTC\\)`,
        ),
      )
      await page.screenshot({ path: 'docs/images/scheduled-in-list.png' })
    },
  )
})
