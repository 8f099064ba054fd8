// Port checks for the start command (and the tests' own servers): is a port free, does a server answer on it,
// and which process listens on it (Linux /proc).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/** Resolves true when nothing listens on the port (on any address), false when it is taken. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    // No host: the same wildcard address the gateway binds, which collides with a listener on any address.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Resolves true when a server on 127.0.0.1 accepts a connection on the port. */
export function acceptsConnections(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The socket inodes listening on a TCP port, from /proc/net/tcp and tcp6 (empty where there is no /proc). */
function listeningInodes(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = parseInt(cols[1].split(':')[1], 16);
      // State 0A is LISTEN.
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** The processes (pid and command line) that hold a listening socket on the port, as far as /proc shows them. */
export function portHolders(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return [];
  const holders = [];
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's process
    }
    const holds = fds.some((fd) => {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return match !== null && inodes.has(match[1]);
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      /* gone meanwhile */
    }
    holders.push({ pid: Number(pid), command });
  }
  return holders;
}

/** "pid 1234 (node dist/apps/api-gateway/…)" for each holder, or a note that /proc did not say. */
export function describeHolders(port) {
  const holders = portHolders(port);
  if (holders.length === 0) return 'held by a process this user cannot see (try: ss -ltnp)';
  return holders.map((h) => `pid ${h.pid} (${shorten(h.command) || 'unknown command'})`).join(', ');
}

function shorten(command) {
  return command.length > 160 ? `${command.slice(0, 157)}…` : command;
}

/**
 * Checks that every named port is free. Answers the list of problems, one line each naming the port,
 * what it is for and what holds it; empty when all are free.
 */
export async function checkPortsFree(ports) {
  const problems = [];
  for (const { port, name } of ports) {
    if (!(await portIsFree(port))) problems.push(`Port ${port} (${name}) is in use: ${describeHolders(port)}.`);
  }
  return problems;
}

/** True when the process listening on the port is one of the given pids or a descendant of one. */
export function portHeldBy(port, pids) {
  const ours = new Set(pids.map(Number));
  return portHolders(port).some((h) => isDescendant(h.pid, ours));
}

function isDescendant(pid, ancestors) {
  let current = pid;
  for (let i = 0; i < 64 && current > 1; i++) {
    if (ancestors.has(current)) return true;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid (after the command in parentheses).
      const stat = readFileSync(`/proc/${current}/stat`, 'utf8');
      current = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return false;
    }
  }
  return false;
}
