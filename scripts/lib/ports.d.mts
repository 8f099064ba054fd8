// Types of ports.mjs for the TypeScript that imports it (the test harness).

/** Resolves true when nothing listens on the port (on any address), false when it is taken. */
export function portIsFree(port: number): Promise<boolean>;

/** Resolves true when a server on 127.0.0.1 accepts a connection on the port. */
export function acceptsConnections(port: number): Promise<boolean>;

/** The processes (pid and command line) that hold a listening socket on the port, as far as /proc shows them. */
export function portHolders(port: number): Array<{ pid: number; command: string }>;

/** "pid 1234 (node dist/apps/api-gateway/…)" for each holder, or a note that /proc did not say. */
export function describeHolders(port: number): string;

/** Every named port that is not free, one line each naming the port, what it is for and what holds it. */
export function checkPortsFree(ports: ReadonlyArray<{ port: number; name: string }>): Promise<string[]>;

/** True when the process listening on the port is one of the given pids or a descendant of one. */
export function portHeldBy(port: number, pids: ReadonlyArray<number | string>): boolean;
