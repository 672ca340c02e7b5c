import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where one e2e run lives: a fresh directory (the shop's DATA_DIR and the captured mails)
 * and three free loopback ports (the shop, the SMTP capture, the capture's HTTP reader).
 *
 * Playwright loads the config in the runner and again in every worker; the first load
 * chooses and records the choice in `process.env`, which the workers inherit, so every
 * process of one run agrees.
 */
export interface RunEnv {
  /** Run directory; the mail capture creates it and removes it when the run ends. */
  dir: string;
  appPort: number;
  smtpPort: number;
  mailHttpPort: number;
}

const KEY = 'THAIYAL_E2E_RUN';

/** Free loopback ports, asked of the OS in a child process (the config loads synchronously). */
function freePorts(count: number): number[] {
  const script = `
    const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, '127.0.0.1', ok)))).then(() => {
      console.log(JSON.stringify(servers.map((s) => s.address().port)));
      servers.forEach((s) => s.close());
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as number[];
}

const RUN_DIR_PREFIX = 'thaiyal-e2e-';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove run directories left by runs that were killed before their mail capture could
 * clean up (`thaiyal-e2e-{time}-{runner pid}` whose runner is gone).
 */
function removeStaleRunDirs(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(new RegExp(`^${RUN_DIR_PREFIX}\\d+-(\\d+)$`).exec(name)?.[1]);
    if (pid && !isAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** This run's directory and ports: chosen on first call, then read back from the environment. */
export function runEnv(): RunEnv {
  const recorded = process.env[KEY];
  if (recorded) return JSON.parse(recorded) as RunEnv;
  removeStaleRunDirs();
  const [appPort, smtpPort, mailHttpPort] = freePorts(3) as [number, number, number];
  const env: RunEnv = {
    dir: join(tmpdir(), `${RUN_DIR_PREFIX}${Date.now()}-${process.pid}`),
    appPort: Number(process.env.E2E_PORT) || appPort,
    smtpPort,
    mailHttpPort,
  };
  process.env[KEY] = JSON.stringify(env);
  return env;
}
