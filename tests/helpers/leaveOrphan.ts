/**
 * For the process-group test: starts a process that would run forever, prints its pid and
 * exits at once, leaving it behind, as a script killed mid-work leaves its children.
 */
import { spawn } from 'node:child_process'

const orphan = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
process.stdout.write(`${orphan.pid}\n`)
process.exit(0)
