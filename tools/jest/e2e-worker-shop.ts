// Each jest worker of the browser tests runs its files against a whole shop of its own (started by the e2e global
// setup, one per worker): the worker's shop's addresses are given here under the names the tests read.
const PER_SHOP = ['STOREFRONT_URL', 'ADMIN_URL', 'PASSKEY_ADMIN_URL', 'GATEWAY_URL', 'E2E_DATABASE_URL', 'E2E_MAIL_DIR'];
const shops = Number(process.env.E2E_SHOPS ?? '0');
if (shops > 0) {
  // JEST_WORKER_ID counts from 1; with more workers than shops, workers share them in turn.
  const shop = ((Number(process.env.JEST_WORKER_ID ?? '1') - 1) % shops) + 1;
  for (const name of PER_SHOP) process.env[name] = process.env[`${name}_${shop}`];
}
