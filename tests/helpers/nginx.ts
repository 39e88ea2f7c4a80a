import { spawn, type ChildProcess } from 'node:child_process'
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../../scripts/lib/embeddedPostgres'
import { projectRoot } from '../../scripts/lib/environment'

/** The balancer configuration operators are given (docs/operations.md, "Several machines"). */
export const balancerConfigFile = path.join(projectRoot, 'deploy/nginx/app.conf')

/** A running nginx in front of some app servers. */
export type Balancer = {
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string
  /** What nginx wrote to its error log (to explain a failure). */
  errors: () => Promise<string>
  /** Takes an upstream out of the rotation, or puts it back (`nginx -s reload`). */
  drain: (address: string, isDrained: boolean) => Promise<void>
  stop: () => Promise<void>
}

/**
 * Debian's nginx (`NGINX_PATH`, else /usr/sbin/nginx) in front of `upstreams` (host:port each),
 * with the operators' configuration `deploy/nginx/app.conf` as it is, but for its `upstream`
 * servers and its listen address, which become these loopback ones. Answers carry
 * `X-Upstream` (the app server that answered) so that a test can see the balancing.
 */
export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const binary = process.env.NGINX_PATH || '/usr/sbin/nginx'
  await access(binary).catch(() => {
    throw new Error(
      `No nginx at ${binary}: install Debian's package (apt-get install nginx) or set NGINX_PATH`,
    )
  })
  const directory = await mkdtemp(path.join(os.tmpdir(), 'nginx-'))
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(path.join(directory, temp))
  }
  const port = await freePort()
  const operators = await readFile(balancerConfigFile, 'utf8')
  const drained = new Set<string>()
  /** The operators' site with these upstreams (those drained marked `down`) and listen port. */
  const site = () => {
    const text = operators
      // The block of `server <address>:<port> <parameters>;` lines becomes one line per
      // upstream, with the first line's parameters.
      .replace(
        /^([ \t]*)server \d+\.\d+\.\d+\.\d+:\d+([^\n;]*);[^\n]*\n(?:[ \t]*server \d[^\n]*\n)*/m,
        (_lines, indent: string, parameters: string) =>
          upstreams
            .map(
              (address) =>
                `${indent}server ${address}${parameters}${drained.has(address) ? ' down' : ''};\n`,
            )
            .join(''),
      )
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
      .replace(/(location \/ \{)/, `$1\n        add_header X-Upstream $upstream_addr always;`)
    if (!text.includes(`listen 127.0.0.1:${port};`) || !text.includes(`server ${upstreams[0]} `)) {
      throw new Error(
        `${balancerConfigFile} no longer has the upstream and listen lines this reads`,
      )
    }
    return text
  }
  await writeFile(path.join(directory, 'app.conf'), site())
  await writeFile(
    path.join(directory, 'nginx.conf'),
    [
      // As root, nginx's workers would run as nobody, who cannot read this temporary directory.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${directory}/nginx.pid;`,
      `error_log ${directory}/error.log notice;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log off;`,
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${directory}/${temp};`,
      ),
      `  include ${directory}/app.conf;`,
      '}',
    ].join('\n'),
  )
  const nginx: ChildProcess = spawn(binary, ['-p', directory, '-c', `${directory}/nginx.conf`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  nginx.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  nginx.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()))
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 10_000
  for (;;) {
    const answers = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    )
    if (answers) break
    if (nginx.exitCode !== null || Date.now() > deadline) {
      nginx.kill('SIGKILL')
      throw new Error(`nginx did not start: ${printed}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    baseUrl,
    errors: () => readFile(path.join(directory, 'error.log'), 'utf8').catch(() => ''),
    /**
     * Takes `address` out of the rotation (`down`) or puts it back, and reloads nginx as an
     * operator does (`nginx -s reload`: new workers take the new configuration, the old ones
     * finish the requests they have). Resolves once the reload has been logged.
     */
    drain: async (address: string, isDrained: boolean) => {
      if (isDrained) drained.add(address)
      else drained.delete(address)
      await writeFile(path.join(directory, 'app.conf'), site())
      const log = path.join(directory, 'error.log')
      const before = (await readFile(log, 'utf8').catch(() => '')).split('reconfiguring').length
      nginx.kill('SIGHUP')
      for (let waited = 0; waited < 10_000; waited += 50) {
        const now = (await readFile(log, 'utf8').catch(() => '')).split('reconfiguring').length
        if (now > before) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      // The old worker stops taking connections once the new one runs.
      await new Promise((resolve) => setTimeout(resolve, 500))
    },
    stop: async () => {
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT')
        await exited
      }
      await rm(directory, { recursive: true, force: true })
    },
  }
}
