import { config } from 'zod';

// Imported first by main.tsx, before any schema exists. zod compiles object parsers with `new Function`
// when it may, and probes for that by trying it: under the admin host's CSP (script-src 'self', no
// 'unsafe-eval') the probe is a reported violation. Without the JIT nothing is tried and nothing is refused.
config({ jitless: true });
