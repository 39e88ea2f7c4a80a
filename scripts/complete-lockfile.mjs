// Runs after every `npm install` (package.json "postinstall").
//
// The npm registry mirror of this workplace serves only the packages of its own platform, so
// npm leaves the other platforms' optional packages (@next/swc-darwin-arm64, rollup's
// binaries, ...) out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This adds an entry for each such package, marked optional: `npm ci` accepts the lock and, on
// a platform that needs one of them, installs it (or skips it, as optional, where it is absent).
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const { packages } = lock
let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = location ? `${location}/node_modules/${name}` : `node_modules/${name}`
    const hoisted = `node_modules/${name}`
    if (packages[nested] || packages[hoisted]) continue
    packages[hoisted] = { version: String(range).replace(/^[\^~=v]+/, ''), optional: true }
    added++
  }
}
if (added > 0) {
  // In npm's own order, so that the next `npm install` leaves the file as it is.
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
  )
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`complete-lockfile: recorded ${added} optional packages of other platforms`)
}
