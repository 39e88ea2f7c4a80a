import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'

import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { adminToken, api } from './api'
import { adminPanelAs, browserForFile, requestedUrls } from './browser'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

describe('JSON fields in the admin panel (production build, offline)', () => {
  it("renders an audit-log entry's data in the code editor, loaded from the app itself", async () => {
    const token = await adminToken()
    const marker = `offline-editor-${randomUUID()}`
    const recorded = await api('/api/admin-action', {
      method: 'POST',
      token,
      body: { action: marker, delivery: { status: 'delivered', attempts: 2 } },
    })
    expect(recorded.status).toBe(200)
    const entries = await api(`/api/audit-log?where[action][equals]=${marker}&depth=0`, {
      token,
    })
    expect(entries.body.docs).toHaveLength(1)
    const entryId = entries.body.docs[0].id as number

    const page = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)

    await page.goto(`${baseUrl}/admin/collections/audit-log/${entryId}`)
    await page.locator('.monaco-editor .view-lines', { hasText: marker }).waitFor()
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/admin-json-editor.png', fullPage: true })

    const monacoFiles = requestedUrls.filter((url) => url.includes('/vs/'))
    expect(monacoFiles.some((url) => url.startsWith(`${baseUrl}/monaco-editor/`))).toBe(true)
    expect(monacoFiles.filter((url) => !url.startsWith(`${baseUrl}/`))).toEqual([])
  })
})
