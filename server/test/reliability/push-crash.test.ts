import { describe, expect } from 'vitest';
import type { Order } from '@thaiyal/contract';
import { startPushReceiver, type ReceivedPush } from '../push-receiver.js';
import {
  itOnEachDatabase,
  killAtFirstReceipt,
  killIfRunning,
  placeOneOrder,
  seedShopAt,
  signIn,
  startServer,
  stopCleanly,
  type ServerProcess,
  type ShopPlace,
} from './server-process.js';

// A notification survives a crash (docs/architecture.md#notifications; docs/decisions/023-push-notifications.md):
// it is committed with the order it reports, so a shop killed with SIGKILL after the commit and
// before the push service has acknowledged the send (here: the moment the loopback push service
// has the notification whole, before it answers) loses nothing: the restarted shop sends it.
// The real shop process; PGlite always, PostgreSQL too when DATABASE_URL is set.

/** Subscribe `cookie`'s account to notifications at `endpoint` through the API. */
async function subscribe(server: ServerProcess, cookie: string, body: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const response = await fetch(`${server.url}/api/push/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

async function killBetweenCommitAndSend(options: ShopPlace): Promise<void> {
  const shop = await seedShopAt(options);
  let server: ServerProcess | undefined;
  const killer = killAtFirstReceipt<ReceivedPush>();
  const receiver = await startPushReceiver({ onReceived: killer.onReceived });
  try {
    const env = { PUSH_ALLOW_LOOPBACK_RECEIVER: 'true' };
    server = await startServer({ ...options, env });
    killer.arm(server);
    const dashboard = receiver.subscription();
    await subscribe(server, await signIn(server.url, shop.admin), { endpoint: dashboard.endpoint, keys: dashboard.keys });
    const cookie = await signIn(server.url, shop.customer);
    const product = shop.products[0]!;
    // The answer may or may not arrive before the kill: the order and its notification are
    // committed together either way before anything is sent.
    const answer = await placeOneOrder(server, cookie, product).catch(() => undefined);
    expect((await server.exited).signal).toBe('SIGKILL');
    const killed = killer.first();
    expect(killed, 'the push service received nothing before the kill').toBeDefined();
    const orderId = answer?.status === 201 ? ((await answer.json()) as { order: Order }).order.orderId : undefined;
    expect(killed!.payload.title).toMatch(/^New order TH-[A-Z0-9]{6}$/);
    if (orderId) expect(killed!.payload.title).toBe(`New order ${orderId}`);

    // The restarted shop sends what the killed one left.
    const before = receiver.received.length;
    server = await startServer({ ...options, env });
    const [again] = (await receiver.waitFor(before + 1, 60_000)).slice(before);
    expect(again!.payload).toEqual(killed!.payload);
    expect(again!.path).toBe(killed!.path);
    await stopCleanly(server);
  } finally {
    killIfRunning(server);
    await receiver.close();
  }
}

describe('a notification and a crash', () => {
  itOnEachDatabase(
    'is sent by the restarted shop when the shop is killed between the commit and the send',
    'thaiyal-push-crash-',
    killBetweenCommitAndSend,
    120_000,
  );
});
