import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { adminPanelAs, browserForFile } from './browser'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

describe('articles in the admin panel', () => {
  it('lets an editor open the seeded articles and publish a draft', async () => {
    const page = await adminPanelAs(browser(), credentials.editorEmail, credentials.editorPassword)

    // Drafts only: the status is Payload's `_status`, shown as the list's Status column. Oldest
    // first: the seeded drafts, not those other test files are working on (a published article
    // with a newer draft is listed too, as "Draft (has published version)").
    await page.goto(
      `${baseUrl}/admin/collections/articles?where[_status][equals]=draft&sort=createdAt`,
    )
    const rows = page.locator('.table tbody tr')
    await rows.first().waitFor()
    const statusColumn = page.locator('.table thead th').filter({ hasText: /^Status$/ })
    const statusIndex = await statusColumn.evaluate(
      (cell) => (cell as HTMLTableCellElement).cellIndex,
    )
    const shownStatuses = await rows.evaluateAll(
      (elements, index) =>
        elements.map((row) => (row as HTMLTableRowElement).cells[index]?.textContent?.trim()),
      statusIndex,
    )
    expect(shownStatuses.length).toBeGreaterThan(0)
    expect(shownStatuses.filter((shown) => shown !== 'Draft')).toEqual([])

    await rows.first().locator('a').first().click()
    await page.waitForURL(/\/admin\/collections\/articles\/\d+/)
    const id = Number(page.url().split('/').pop())
    const status = page.locator('.status__value')
    expect(await status.textContent()).toBe('Draft')

    await page.getByRole('button', { name: 'Publish changes' }).click()
    await page.getByText('Updated successfully.').first().waitFor()
    await expect.poll(() => status.textContent()).toBe('Published')

    // What the editor saved is what the API serves, to a consumer too.
    const response = await fetch(`${baseUrl}/api/v1/articles/${id}`, {
      headers: { 'x-api-key': credentials.consumerApiKey },
    })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data.status).toBe('published')
    expect(data.published_at).not.toBeNull()
  })
})
