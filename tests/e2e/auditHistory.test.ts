import { mkdir } from 'node:fs/promises'

import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { adminPanelAs, browserForFile } from './browser'
import { createArticle, editorToken, uniqueTitle } from './editorSession'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

describe('the audit trail in the admin panel', () => {
  it("lets an admin find an article's history from its page", async () => {
    const title = uniqueTitle('Audited')
    const id = await createArticle(await editorToken(), { title, status: 'draft' })

    const page = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
    await page.goto(`${baseUrl}/admin/collections/articles/${id}`)
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await page.getByText('Updated successfully.').first().waitFor()

    await page.getByRole('link', { name: 'Audit log of this document' }).click()
    await page.waitForURL(/\/admin\/collections\/audit-log\?/)
    const rows = page.locator('.table tbody tr')
    await expect.poll(() => rows.count()).toBe(2)
    const shown = await rows.evaluateAll((elements) =>
      elements.map((row) => (row as HTMLTableRowElement).innerText.replace(/\s+/g, ' ')),
    )
    // Newest first: the admin's publication, then the editor's create through the API.
    expect(shown[0]).toContain('publish')
    expect(shown[0]).toContain(credentials.adminEmail)
    expect(shown[1]).toContain('create')
    expect(shown[1]).toContain(credentials.editorEmail)
    for (const row of shown) expect(row).toContain('Recorded by the app')
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/admin-audit-history.png', fullPage: true })
  })
})
