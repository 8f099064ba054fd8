// The start command's child processes: each in a process group of its own, so that stopping the shop
// stops whatever a child started too, and a child that ignores SIGTERM is killed after a grace period.
import { spawn } from 'node:child_process';

export class Children {
  constructor({ graceMs = 10_000 } = {}) {
    this.graceMs = graceMs;
    this.list = [];
  }

  /** Spawns a command as the leader of a new process group; answers the ChildProcess. */
  spawn(name, cmd, args, options = {}) {
    const child = spawn(cmd, args, { ...options, detached: true });
    const exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    this.list.push({ name, child, exited });
    return child;
  }

  pids() {
    return this.list.map(({ child }) => child.pid).filter(Boolean);
  }

  /**
   * SIGTERM to every child's process group, then SIGKILL to the groups still there after the grace
   * period (vite preview ignores SIGTERM). Resolves once every child has exited and its group is gone.
   */
  async stopAll() {
    for (const { child } of this.list) signalGroup(child, 'SIGTERM');
    const deadline = Date.now() + this.graceMs;
    while (Date.now() < deadline && this.list.some(({ child }) => groupAlive(child))) await sleep(100);
    for (const { child } of this.list) if (groupAlive(child)) signalGroup(child, 'SIGKILL');
    await Promise.all(this.list.map(({ exited }) => exited));
    const killedBy = Date.now() + 5000;
    while (Date.now() < killedBy && this.list.some(({ child }) => groupAlive(child))) await sleep(50);
  }
}

function signalGroup(child, signal) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already; signal the child itself in case it left its group.
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
}

/** True while any process of the child's group is alive (signal 0 checks without sending). */
function groupAlive(child) {
  if (!child.pid) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
