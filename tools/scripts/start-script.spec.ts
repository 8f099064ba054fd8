import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

// The start command's own checks, on ports and processes of this test only (never a running shop's).

const WORKSPACE = resolve(__dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/** Runs a command to its end; answers exit code and output. */
function runToEnd(child: ChildProcess): Promise<{ code: number | null; out: string }> {
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((res) => child.once('exit', (code) => res({ code, out })));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('npm start', () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('refuses to start when one of its ports is taken, naming the port and the pid and command that hold it', async () => {
    const port = await freePort();
    // Something else listens on the gateway's port: a node process of this test.
    const holder = spawn(process.execPath, ['-e', `require('net').createServer().listen(${port}, () => console.log('listening'))`], { stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(holder);
    await new Promise<void>((res) => holder.stdout?.once('data', () => res()));
    const [storefront, admin, sandbox] = [await freePort(), await freePort(), await freePort()];
    const start = spawn(process.execPath, [join(WORKSPACE, 'scripts/start.mjs')], {
      cwd: WORKSPACE,
      env: { PATH: process.env.PATH ?? '', GATEWAY_PORT: String(port), STOREFRONT_PORT: String(storefront), ADMIN_PORT: String(admin), PAYMENT_SANDBOX_PORT: String(sandbox) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(start);
    const { code, out } = await runToEnd(start);
    expect(code).toBe(1);
    expect(out).toContain(`Port ${port} (API gateway, GATEWAY_PORT) is in use: pid ${holder.pid} (`);
    expect(out).toContain(`${process.execPath} -e`);
    // It stopped before checking services or building anything.
    expect(out).not.toContain('Building');
  }, 30_000);

  it('stops every child on SIGTERM, also one that ignores SIGTERM and what that child started', async () => {
    // A stand-in for the start command: its Children spawn a process that ignores SIGTERM and starts a
    // grandchild that ignores it too (as vite preview does), and SIGTERM runs stopAll.
    const stubborn = `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);`;
    const script = `
      import { spawn } from 'node:child_process';
      import { Children } from ${JSON.stringify(join(WORKSPACE, 'scripts/lib/children.mjs'))};
      const children = new Children({ graceMs: 500 });
      const child = children.spawn('stubborn', process.execPath, ['-e', ${JSON.stringify(`
        const { spawn } = require('node:child_process');
        const grandchild = spawn(process.execPath, ['-e', ${JSON.stringify(stubborn)}], { stdio: 'ignore' });
        console.log(JSON.stringify({ grandchild: grandchild.pid }));
        ${stubborn}
      `)}], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.once('data', (line) => console.log(JSON.stringify({ child: child.pid, ...JSON.parse(String(line)) })));
      process.on('SIGTERM', async () => { await children.stopAll(); process.exit(0); });
    `;
    const supervisor = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(supervisor);
    const pids = await new Promise<{ child: number; grandchild: number }>((res) => supervisor.stdout?.once('data', (line: Buffer) => res(JSON.parse(String(line)))));
    expect(alive(pids.child) && alive(pids.grandchild)).toBe(true);
    const exited = new Promise<number | null>((res) => supervisor.once('exit', (code) => res(code)));
    supervisor.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until(() => !alive(pids.child) && !alive(pids.grandchild), 'the children to be gone');
    expect([alive(pids.child), alive(pids.grandchild)]).toEqual([false, false]);
  }, 30_000);
});
