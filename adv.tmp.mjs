import { connect, AckPolicy, nanos, StorageType } from 'nats';
const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
const jsm = await nc.jetstreamManager(); const js = nc.jetstream();
const id = 'adv' + Date.now();
const stream = `${id}_order_events`;
await jsm.streams.add({ name: stream, subjects: [`${id}.events.>`], storage: StorageType.File });
await jsm.streams.add({ name: `${id}_advisories`, subjects: [`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.>`], storage: StorageType.File });
await jsm.consumers.add(stream, { durable_name: 'notification', ack_policy: AckPolicy.Explicit, ack_wait: nanos(1000), max_deliver: Number(process.argv[2]) });
await js.publish(`${id}.events.order.paid`, new TextEncoder().encode(JSON.stringify({ eventId: 'e1' })));
const c = await js.consumers.get(stream, 'notification');
for (let i = 0; i < 4; i++) { const m = await c.next({ expires: 2500 }); console.log('pull', i, m ? `${m.subject} delivery ${m.info.redeliveryCount}` : 'nothing'); }
const info = await jsm.streams.info(`${id}_advisories`);
console.log('advisories stored', info.state.messages);
if (info.state.messages) { const a = await jsm.streams.getMessage(`${id}_advisories`, { seq: 1 }); console.log(a.subject, new TextDecoder().decode(a.data)); }
await jsm.streams.delete(stream); await jsm.streams.delete(`${id}_advisories`);
await nc.close();
