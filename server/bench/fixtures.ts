import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../src/modules/auth/session.js';
import { hashPassword } from '../src/platform/passwords.js';

/** What a fixture runs against: the benchmarked server's own app and database. */
export interface FixtureDeps {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * Server-side preparation that a scenario asks for by name (`ctx.fixture(name, args)` in
 * scenarios.ts), run inside the benchmarked server's process: data that the public API
 * cannot make quickly (signed-in customers, a thousand orders) is written straight to the
 * database. Each fixture takes JSON-able arguments and answers JSON.
 */
export const fixtures = {
  /**
   * `count` verified customers with a fresh session each.
   * @returns `{cookies}`: one `Cookie` header value per customer.
   */
  async customers({ app, database }: FixtureDeps, args: { count: number }): Promise<{ cookies: string[] }> {
    const passwordHash = await hashPassword('bench-password');
    const stamp = Date.now().toString(36);
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: args.count }, (_, index) => ({
          username: `Bench ${index + 1}`,
          email: `bench-${stamp}-${index + 1}@example.com`,
          passwordHash,
          role: 'customer' as const,
          verified: true,
        })),
      )
      .returning({ id: users.id });
    const cookies: string[] = [];
    for (const row of rows) {
      const { accessToken, refreshToken } = await app.sessions.mint(row.id);
      cookies.push(`${ACCESS_COOKIE}=${accessToken}; ${REFRESH_COOKIE}=${refreshToken}`);
    }
    return { cookies };
  },
} satisfies Record<string, (deps: FixtureDeps, args: never) => Promise<unknown>>;

/** A fixture's name. */
export type FixtureName = keyof typeof fixtures;
