import { describe, expect } from 'vitest';
import { startSmtpCapture, type CapturedMail } from '../smtp-capture.js';
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

// A mail sent again after a crash is the same mail (docs/architecture.md#mail;
// docs/decisions/016-mail-outbox.md): its Message-ID is fixed when its outbox row is written,
// so a shop killed between the mail server's acceptance and the row's deletion sends it again
// under the same Message-ID, and mail clients show it once. Real SMTP (smtp-server) and the
// real shop process, killed with SIGKILL the moment the mail server has the first mail whole.
// PGlite always; PostgreSQL too when DATABASE_URL is set.

const SHOP_EMAIL = 'shop@resend.test';

/** The Message-ID header of a captured mail. */
function messageId(mail: CapturedMail): string {
  const found = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(mail.raw)?.[1];
  if (!found) throw new Error(`a mail without a Message-ID:\n${mail.raw.slice(0, 500)}`);
  return found;
}

async function killBetweenSendAndMark(options: ShopPlace): Promise<void> {
  const shop = await seedShopAt(options);
  let server: ServerProcess | undefined;
  // The first mail the mail server has whole (one of the order's two: nothing else here sends
  // mail) kills the shop before the server answers 250: the mail is delivered, and the shop
  // has not yet deleted its outbox row.
  const killer = killAtFirstReceipt<CapturedMail>();
  const smtp = await startSmtpCapture({ onReceived: killer.onReceived });
  try {
    const env = { SHOP_EMAIL, SMTP_URL: smtp.url };
    server = await startServer({ ...options, env });
    killer.arm(server);
    const cookie = await signIn(server.url, shop.customer);
    const product = shop.products[0]!;
    // The answer may or may not arrive before the kill: the order and its two mails are
    // committed together either way before any mail is sent.
    await placeOneOrder(server, cookie, product).catch(() => undefined);
    expect((await server.exited).signal).toBe('SIGKILL');
    const killed = killer.first();
    expect(killed, 'the mail server received no order mail before the kill').toBeDefined();
    const beforeRestart = smtp.mails.length;

    // The restarted shop sends what the killed one left: both mails of the order.
    server = await startServer({ ...options, env });
    const customerMail = await smtp.waitFor(shop.customer.email, { since: beforeRestart, timeoutMs: 60_000 });
    const shopMail = await smtp.waitFor(SHOP_EMAIL, { since: beforeRestart, timeoutMs: 60_000 });

    // The mail delivered before the kill came again under its own Message-ID, and every mail
    // of the order, before and after, carries one of the order's two Message-IDs.
    const ids = smtp.mails.map(messageId);
    expect(ids.filter((id) => id === messageId(killed!)).length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids)).toEqual(new Set([messageId(customerMail), messageId(shopMail)]));
    expect(messageId(customerMail)).not.toBe(messageId(shopMail));
    await stopCleanly(server);
  } finally {
    killIfRunning(server);
    await smtp.close();
  }
}

describe('a mail sent again after a crash', () => {
  itOnEachDatabase(
    'keeps its Message-ID when the shop is killed between the send and its record',
    'thaiyal-resend-',
    killBetweenSendAndMark,
    120_000,
  );
});
