import { z } from 'zod';

/**
 * The zod every contract schema is built with: `import { z } from './zod.js'`, never from
 * `'zod'` directly, so this module is evaluated before any schema of the contract exists.
 *
 * In a page (a `document` exists) zod runs jitless. Otherwise zod 4, when it builds its
 * first object schema, probes `new Function('')` to see whether it may compile fast parsers;
 * the shop's CSP allows no eval (`script-src 'self'`, ASVS 3.4.3), so Chromium reports a
 * CSP violation on every page with a form even though zod catches the error. zod decides per
 * object schema when it is built, not when it parses, so the switch must come before the
 * first `z.object(…)`: every web form builds its schemas from (or after importing) a contract
 * module, and every contract module imports this one first. The server, where no CSP
 * applies, keeps the faster compiled parsers. Checked by web/src/app/forms-csp.test.ts.
 */
// Asked of globalThis, so the module also type-checks where there is no DOM (the service worker's program).
if ('document' in globalThis) z.config({ jitless: true });

export { z };
