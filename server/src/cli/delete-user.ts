import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ForgotBodySchema } from '@thaiyal/contract';
import type { Database, Db } from '../db/client.js';
import {
  addresses,
  areaRequests,
  cancelledOrders,
  measurementProfiles,
  cartLines,
  contactMessages,
  mailOutbox,
  pendingSignups,
  orderAlterations,
  orderLines,
  orders,
  referencePictures,
  refreshTokens,
  resetTokens,
  reviews,
  users,
  wishlistItems,
} from '../db/schema/index.js';
import { unreferencedImageUrls } from '../modules/admin/index.js';
import { CATALOG_CHANNEL } from '../modules/catalog/index.js';
import { AppError } from '../platform/errors.js';
import { createImageStore, type ImageStore } from '../platform/image-store.js';
import { openObjectStore } from '../platform/object-store.js';
import { configOrReport, consoleOutput, openDatabaseOrReport, type Output } from './cli-io.js';
import { parseCommandLine } from './command-line.js';

const USAGE = 'Usage: npm run delete-user -- --email E';

/** What {@link deleteUserData} removed and kept, in rows; `imageUrls` are for {@link releaseFiles}. */
export interface DeletedUser {
  email: string;
  username: string;
  role: 'admin' | 'customer';
  /** Orders not delivered, open or cancelled (docs/product.md#cancellations-kept): deleted with their lines (cash on delivery: nothing was paid). */
  openOrdersDeleted: number;
  /** Delivered orders kept as sales records, detached from the account and without its details. */
  deliveredOrdersKept: number;
  cancelledOrdersDeleted: number;
  reviewsDeleted: number;
  contactMessagesDeleted: number;
  cartLinesDeleted: number;
  wishlistItemsDeleted: number;
  /** "Tell me when you come to my area" requests: hers, or left with her e-mail or phone numbers. */
  areaRequestsDeleted: number;
  measurementProfilesDeleted: number;
  addressDeleted: boolean;
  /** Refresh tokens (every sign-in, ended or not) and reset tokens. */
  sessionsDeleted: number;
  /**
   * Mails still in the outbox to the shopper, about them (their orders) or carrying their
   * contact messages: deleted unsent (docs/architecture.md#mail).
   */
  unsentMailsDeleted: number;
  /** Sign-ups of the e-mail still waiting for their code (docs/decisions/017-pending-sign-ups.md). */
  pendingSignupsDeleted: number;
  /** Image URLs that the deleted orders (lines and photos), the kept orders' photos, her reference pictures and cancelled-order records showed. */
  imageUrls: string[];
}

/**
 * Delete a shopper's account and their data at their request (docs/product.md#information-pages, data privacy page;
 * docs/decisions/010-deleting-a-shoppers-account.md), in one transaction with the account row
 * locked: the user, their address, cart, wishlist, reviews, sessions (refresh and reset
 * tokens), pending sign-ups of their e-mail, cancelled-order records, contact messages sent from their e-mail,
 * "tell me when you come to my area" requests (hers, or left with her e-mail or a phone
 * number of her address), measurement profiles, the unsent mails of the outbox to her or about
 * her, and their orders not yet delivered. Delivered orders stay as the shop's record of the sale
 * (number, date, status, lines with name, image, quantity and price, total), detached from
 * the account (`user_id` null) with the address copy reduced to city and state: no name,
 * phone, door number, street or pin code, their lines' stitching details (profile name,
 * measurements, notes, pictures: docs/product.md#stitching-details) and the photos of her
 * garment dropped; her reference pictures' and the photos' files are released with the rest
 * (docs/security.md#private-pictures). Ends every session at once: the session check
 * reads the user row (session.ts `authenticate`).
 * `email` is matched lower-cased, as accounts store it.
 * @returns counts of what was deleted and kept, and the image URLs that deleted rows showed.
 * @throws AppError('not_found') when no account has that e-mail (nothing is changed).
 */
export async function deleteUserData(db: Db, email: string): Promise<DeletedUser> {
  const normalised = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(users.email, normalised))
      .for('update');
    if (!user) throw new AppError('not_found', `No account has the e-mail ${normalised}`);
    const mine = eq(orders.userId, user.id);
    // Her reference pictures' files go with her (the rows go with the account row).
    const pictures = await tx.select({ url: referencePictures.url }).from(referencePictures).where(eq(referencePictures.userId, user.id));

    const openLineImages = await tx
      .select({ image: orderLines.image })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(mine, ne(orders.status, 'delivered')));
    const openOrders = await tx
      .delete(orders)
      .where(and(mine, ne(orders.status, 'delivered')))
      .returning({ id: orders.id, photos: orders.photos });
    // City and state are the shop's fixed service area (docs/product.md#limits), not the shopper's.
    // Her garment's photos are hers too (docs/security.md#private-pictures): the kept record has none.
    const keptPhotos = await tx.select({ photos: orders.photos }).from(orders).where(mine);
    const keptOrders = await tx
      .update(orders)
      .set({
        userId: null,
        photos: [],
        address: sql`jsonb_build_object('name', '', 'phoneNumber', '', 'doorNumber', '', 'street', '',
          'city', coalesce(${orders.address}->>'city', ''), 'state', coalesce(${orders.address}->>'state', ''), 'pinCode', '')`,
      })
      .where(mine)
      .returning({ id: orders.id });
    // A kept order's stitching details name a person and her measurements: they go too.
    if (keptOrders.length > 0) {
      await tx
        .update(orderLines)
        .set({ stitching: null })
        .where(
          inArray(
            orderLines.orderId,
            keptOrders.map((order) => order.id),
          ),
        );
      // So do her alterations (her notes and pictures, docs/product.md#free-alterations); the pictures' files go with her reference pictures.
      await tx.delete(orderAlterations).where(
        inArray(
          orderAlterations.orderId,
          keptOrders.map((order) => order.id),
        ),
      );
    }
    const cancelled = await tx
      .delete(cancelledOrders)
      .where(eq(cancelledOrders.userId, user.id))
      .returning({ productInfo: cancelledOrders.productInfo });
    const reviewRows = await tx.delete(reviews).where(eq(reviews.userId, user.id)).returning({ id: reviews.id });
    // Before the contact messages: their mails are found through them.
    const unsent = await tx
      .delete(mailOutbox)
      .where(
        or(
          eq(mailOutbox.userId, user.id),
          sql`${normalised} = any(${mailOutbox.recipients})`,
          inArray(
            mailOutbox.contactMessageId,
            tx
              .select({ id: contactMessages.id })
              .from(contactMessages)
              .where(sql`lower(${contactMessages.email}) = ${normalised}`),
          ),
        ),
      )
      .returning({ id: mailOutbox.id });
    const messages = await tx
      .delete(contactMessages)
      .where(sql`lower(${contactMessages.email}) = ${normalised}`)
      .returning({ id: contactMessages.id });
    const cart = await tx.delete(cartLines).where(eq(cartLines.userId, user.id)).returning({ id: cartLines.productId });
    const wishlist = await tx.delete(wishlistItems).where(eq(wishlistItems.userId, user.id)).returning({ id: wishlistItems.productId });
    // Asked as a visitor too: the request's contact is her e-mail or one of her address's phones.
    const requests = await tx
      .delete(areaRequests)
      .where(
        sql`${areaRequests.userId} = ${user.id} or ${areaRequests.contact} = ${normalised} or ${areaRequests.contact} in (
          select phone from ${addresses}, lateral (values (${addresses.phoneNumber}), (${addresses.alternatePhone})) as p(phone)
          where ${addresses.userId} = ${user.id} and phone is not null)`,
      )
      .returning({ id: areaRequests.id });
    const profiles = await tx
      .delete(measurementProfiles)
      .where(eq(measurementProfiles.userId, user.id))
      .returning({ id: measurementProfiles.id });
    const address = await tx.delete(addresses).where(eq(addresses.userId, user.id)).returning({ id: addresses.userId });
    const refresh = await tx.delete(refreshTokens).where(eq(refreshTokens.userId, user.id)).returning({ id: refreshTokens.id });
    const reset = await tx.delete(resetTokens).where(eq(resetTokens.userId, user.id)).returning({ id: resetTokens.id });
    const signups = await tx.delete(pendingSignups).where(eq(pendingSignups.email, normalised)).returning({ id: pendingSignups.id });
    // Anything a later table adds with ON DELETE CASCADE goes with the row as well.
    await tx.delete(users).where(eq(users.id, user.id));

    return {
      email: normalised,
      username: user.username,
      role: user.role,
      openOrdersDeleted: openOrders.length,
      deliveredOrdersKept: keptOrders.length,
      cancelledOrdersDeleted: cancelled.length,
      reviewsDeleted: reviewRows.length,
      contactMessagesDeleted: messages.length,
      cartLinesDeleted: cart.length,
      wishlistItemsDeleted: wishlist.length,
      areaRequestsDeleted: requests.length,
      measurementProfilesDeleted: profiles.length,
      addressDeleted: address.length > 0,
      sessionsDeleted: refresh.length + reset.length,
      unsentMailsDeleted: unsent.length,
      pendingSignupsDeleted: signups.length,
      imageUrls: [
        ...openLineImages.map((line) => line.image),
        // The photos of the finished garment (docs/product.md#designed-photos) go with their order.
        ...openOrders.flatMap((order) => order.photos),
        ...keptPhotos.flatMap((order) => order.photos),
        ...cancelled.flatMap((row) => row.productInfo.map((info) => info.image)),
        ...pictures.map((picture) => picture.url),
      ],
    };
  });
}

/**
 * After {@link deleteUserData} committed: remove the image files that no row shows any more
 * (docs/decisions/004-image-files-outlive-their-product.md), and, on PostgreSQL, tell running
 * shop processes that the catalog changed (its products carry their reviews; catalog-sync.ts).
 * A file that cannot be removed is reported and skipped: it costs disk, not correctness.
 * @returns how many files were removed.
 */
export async function releaseFiles(database: Database, images: ImageStore, deleted: DeletedUser, out: Output): Promise<number> {
  if (database.kind === 'postgres' && deleted.reviewsDeleted > 0) {
    await database.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, 'delete-user')`);
  }
  const unreferenced = await unreferencedImageUrls(database.db, deleted.imageUrls);
  let removed = 0;
  for (const url of unreferenced) {
    try {
      await images.deleteImage(url);
      removed += 1;
    } catch (error) {
      out.error(`Could not remove the image ${url}: ${(error as Error).message}`);
    }
  }
  return removed;
}

/** The lines {@link main} prints for a deletion. */
export function describeDeletion(deleted: DeletedUser, where: string): string[] {
  return [
    `Deleted the account ${deleted.email} (${deleted.username}${deleted.role === 'admin' ? ', an admin' : ''}) from ${where}:`,
    `  address: ${deleted.addressDeleted ? 1 : 0}, cart lines: ${deleted.cartLinesDeleted}, wishlist items: ${deleted.wishlistItemsDeleted}, ` +
      `reviews: ${deleted.reviewsDeleted}, sessions: ${deleted.sessionsDeleted}, pending sign-ups: ${deleted.pendingSignupsDeleted}, ` +
      `area requests: ${deleted.areaRequestsDeleted}, measurement profiles: ${deleted.measurementProfilesDeleted}`,
    `  orders not delivered (open or cancelled): ${deleted.openOrdersDeleted}, cancelled-order records: ${deleted.cancelledOrdersDeleted}, ` +
      `contact messages: ${deleted.contactMessagesDeleted}, unsent mails: ${deleted.unsentMailsDeleted}`,
    `  delivered orders kept as sales records without name, phone or address: ${deleted.deliveredOrdersKept}`,
  ];
}

/**
 * `npm run delete-user -- --email E` (docs/product.md#information-pages: the privacy page says a shopper may ask the
 * shop to delete their account and data): on the database that `DATA_DIR`/`DATABASE_URL`
 * name, runs {@link deleteUserData}, then {@link releaseFiles} on `DATA_DIR/uploads`, and
 * prints what was deleted and kept. Mail already sent (and `DATA_DIR/outbox/*.eml` copies)
 * and backups are outside its reach (README "Deleting a shopper's account").
 * Returns the exit code: 0 done; 1 bad arguments or configuration, no account with that
 * e-mail, or a PGlite database in use by the running shop (which must be stopped first).
 */
export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: Output = consoleOutput,
): Promise<number> {
  const commandLine = parseCommandLine(argv, { usage: USAGE, options: { email: { type: 'string' } } }, out);
  if (typeof commandLine === 'number') return commandLine;
  const raw = commandLine.values;
  if (raw.email === undefined) {
    out.error('--email is required.');
    out.error(USAGE);
    return 1;
  }
  const parsedEmail = ForgotBodySchema.shape.email.safeParse(raw.email.trim());
  if (!parsedEmail.success) {
    out.error(`--email: ${parsedEmail.error.issues[0]!.message}`);
    return 1;
  }

  const config = configOrReport(env, out);
  if (!config) return 1;

  const database = await openDatabaseOrReport(config, out);
  if (!database) return 1;

  try {
    let deleted: DeletedUser;
    try {
      deleted = await deleteUserData(database.db, parsedEmail.data);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        out.error(`${error.message}: nothing was deleted.`);
        return 1;
      }
      throw error;
    }
    const where = config.databaseUrl ? 'PostgreSQL' : join(config.dataDir, 'db');
    for (const line of describeDeletion(deleted, where)) out.info(line);
    const removed = await releaseFiles(database, createImageStore(await openObjectStore(config.storage)), deleted, out);
    if (removed > 0) out.info(`  image files no longer shown anywhere, removed: ${removed}`);
    return 0;
  } finally {
    await database.close();
  }
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(resolve(invokedPath)).href) {
  process.exitCode = await main(process.argv.slice(2));
}
