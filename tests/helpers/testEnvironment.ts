import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { inject } from 'vitest'

import { endPreviousFile } from './endPreviousFile'
import { cloneDatabase } from './testDatabase'

// The environment of each test file's process, set once before the file imports the Payload
// config, as a script's entry point sets it (worker and app processes the tests start inherit
// it): the file gets its own copy of the template database. Tests never change it: one that
// needs other settings builds a configuration (tests/helpers/testConfig.ts) and hands it in.
// A test process runs many files in turn (vitest.config.ts): what the previous file left in
// the process is ended first.
await endPreviousFile()

const template = inject('templateDatabase')
const database = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`
await cloneDatabase(inject('adminUrl'), template, database)

process.env.DATABASE_URL = inject('serverUrlTemplate').replace('__database__', database)
process.env.PAYLOAD_SECRET = 'integration-test-secret'
// The schema is already there; test processes never push.
process.env.PAYLOAD_DB_PUSH = 'false'
delete process.env.SMTP_HOST
// Tests written before review stages publish articles as editors; the workflow's own tests ask
// for review (`getTestPayload({ REVIEW_REQUIRED_FOR: 'articles' })`), as a deployment has it.
process.env.REVIEW_REQUIRED_FOR = 'none'
// Rate-limit counters live in PostgreSQL unless a run asks for Redis (CI does, for one pass).
if (process.env.TEST_REDIS_URL) process.env.REDIS_URL = process.env.TEST_REDIS_URL
else delete process.env.REDIS_URL
delete process.env.API_KEY
delete process.env.CHECKOUT_REQUIRE_AUTH
// Webhook receivers in tests listen on loopback, which production refuses; a test of that
// refusal sets the variable itself (`handInConfig`).
process.env.WEBHOOK_ALLOWED_ADDRESS_RANGES = 'loopback'
// Every in-process request comes from one address ('unknown') and many use one e-mail: the
// bound on what one client holds unpaid is tried with its defaults in checkoutHoarding.test.ts.
process.env.CHECKOUT_MAX_PENDING_ORDERS = '1000000'
process.env.CHECKOUT_MAX_HELD_UNITS = '1000000000'
// Uploaded images of this file's tests go to a directory of its own, not the project's .data/.
process.env.MEDIA_DIRECTORY = mkdtempSync(path.join(tmpdir(), 'media-'))
