import { mkdir } from 'node:fs/promises'

import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { browserForFile } from './browser'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

describe('the admin panel (production build)', () => {
  it('lets the seeded editor log in and shows the dashboard', async () => {
    const page = await browser().newPage()
    await page.goto(`${baseUrl}/admin`)
    await page.waitForURL(/\/admin\/login/)
    await page.fill('#field-email', credentials.editorEmail)
    await page.fill('#field-password', credentials.editorPassword)
    await page.click('button[type="submit"]')

    await page.waitForURL((url) => url.pathname === '/admin')
    const dashboard = page.locator('.dashboard')
    await dashboard.waitFor()
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/admin-dashboard.png', fullPage: true })
    await dashboard.getByRole('link', { name: 'Users' }).first().waitFor()
    // Consumers and the audit log are the administrators' business.
    expect(await dashboard.getByText('Consumers').count()).toBe(0)
    expect(await dashboard.getByText('Audit Log').count()).toBe(0)
  })

  it('refuses the wrong password and stays on the login page', async () => {
    const page = await browser().newPage()
    await page.goto(`${baseUrl}/admin/login`)
    await page.fill('#field-email', credentials.editorEmail)
    await page.fill('#field-password', 'not-the-password')
    await page.click('button[type="submit"]')
    await page.getByText(/email or password provided is incorrect/i).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/login')
  })
})

describe('the REST API (production build)', () => {
  it('issues a token to the seeded admin and tags every response with X-Request-Id', async () => {
    const login = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials.adminEmail, password: credentials.adminPassword }),
    })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    expect(token.split('.')).toHaveLength(3)
    expect(login.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

    const me = await fetch(`${baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-42' },
    })
    expect(me.status).toBe(200)
    expect(me.headers.get('x-request-id')).toBe('trace-42')
    expect(await me.json()).toMatchObject({ data: { type: 'user', role: 'admin' } })
  })

  it('authenticates the seeded consumer by X-API-Key', async () => {
    const me = await fetch(`${baseUrl}/api/v1/me`, {
      headers: { 'x-api-key': credentials.consumerApiKey },
    })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ data: { type: 'consumer' } })
  })
})
