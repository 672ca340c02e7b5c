import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type CapturedMail } from '../smtp-capture.js';
import { createScratchDatabase, seedShop, signIn, startServer, type ServerProcess } from './server-process.js';

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

async function killBetweenSendAndMark(options: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const shop = await seedShop(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { pgliteDir: join(options.dataDir, 'db') });
  let server: ServerProcess | undefined;
  let killed: CapturedMail | undefined;
  // The first mail the mail server has whole (one of the order's two: nothing else here sends
  // mail) kills the shop before the server answers 250: the mail is delivered, and the shop
  // has not yet deleted its outbox row.
  const smtp = await startSmtpCapture({
    onReceived(mail) {
      if (killed || !server) return;
      killed = mail;
      process.kill(server.pid, 'SIGKILL');
    },
  });
  try {
    const env = { SHOP_EMAIL, SMTP_URL: smtp.url };
    server = await startServer({ ...options, env });
    const cookie = await signIn(server.url, shop.customer);
    const product = shop.products[0]!;
    // The answer may or may not arrive before the kill: the order and its two mails are
    // committed together either way before any mail is sent.
    await fetch(`${server.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ items: [{ productId: product.id, quantity: 1 }], totalAmt: product.pricePaise / 100 }),
    }).catch(() => undefined);
    expect((await server.exited).signal).toBe('SIGKILL');
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
    process.kill(server.pid, 'SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) process.kill(server.pid, 'SIGKILL');
    await smtp.close();
  }
}

describe('a mail sent again after a crash', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps its Message-ID when the shop is killed between the send and its record (PGlite)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'thaiyal-resend-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killBetweenSendAndMark({ dataDir });
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'keeps its Message-ID when the shop is killed between the send and its record (PostgreSQL)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'thaiyal-resend-pg-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
      cleanups.push(() => scratch.drop());
      await killBetweenSendAndMark({ dataDir, databaseUrl: scratch.url });
    },
    120_000,
  );
});
