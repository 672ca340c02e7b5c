import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext, type TestUser } from '../../../test/harness.js';
import { ACCESS_COOKIE } from '../auth/index.js';

/**
 * The OpenAPI document as a client reads it (docs/architecture.md#http-api): every operation
 * named, who may call it and what it refuses said as the server really does it; Redocly CLI's
 * recommended lint (redocly.yaml) finds no problem; and a TypeScript client generated from it
 * with openapi-typescript places an order through openapi-fetch, while a wrong body does not
 * compile.
 */
const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Public reads that refuse nothing a client can cause, so they declare no 4xx (redocly.yaml turns that rule off for them). */
const NEVER_REFUSED = [
  'GET /api/product',
  'GET /api/product/tiles',
  'GET /api/product/recommend',
  'GET /api/banner',
  'GET /api/shop-info',
  'GET /api/shop/trust',
  'GET /api/health',
  'GET /api/push/key',
];

/** A public route that answers a visitor 401 itself: refreshing a session she does not have. */
const PUBLIC_BUT_401 = ['POST /api/auth/refresh-token'];

interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

let context: TestContext;
let customer: TestUser;
let document: Document;
let workDir: string;

beforeAll(async () => {
  context = await createTestContext();
  customer = await createUser(context);
  const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
  workDir = mkdtempSync(join(tmpdir(), 'thaiyal-openapi-'));
});

afterAll(async () => {
  await context?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** Every operation of the document as `METHOD /path` with the operation. */
function operations(from: Document = document): Array<{ name: string; method: string; path: string; operation: Operation }> {
  return Object.entries(from.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, method, path, operation })),
  );
}

describe('every operation is named', () => {
  it('by a unique camelCase verb-noun operationId and a one-line summary', () => {
    const named = operations();
    for (const { name, operation } of named) {
      expect(operation.operationId, `${name} operationId`).toMatch(/^[a-z]+(?:[A-Z][a-z]+)+$/);
      expect(operation.summary, `${name} summary`).toMatch(/^[A-Z][^\n]{5,90}$/);
    }
    const ids = named.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['placeOrder', 'listAdminOrders', 'getCart', 'listProducts']));
  });
});

describe('who may call each operation', () => {
  it('is the session cookie, with role admin for an admin route, exactly as each guard refuses', async () => {
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE }),
    });
    for (const { name, method, path, operation } of operations()) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const inject = (cookie?: string) =>
        context.app.inject({ method: method.toUpperCase() as 'GET', url, headers: cookie ? { cookie } : {} });
      const security = operation.security;
      expect(security, `${name} security`).toBeDefined();
      if (security!.length === 0) {
        // A guard answers before anything else: a public route never gives a visitor its 401.
        if (!PUBLIC_BUT_401.includes(name)) expect((await inject()).statusCode, `${name} as a visitor`).not.toBe(401);
        continue;
      }
      expect((await inject()).statusCode, `${name} as a visitor`).toBe(401);
      if (security![0]!.session!.includes('admin')) {
        expect((await inject(`${ACCESS_COOKIE}=${customer.accessToken}`)).statusCode, `${name} as a customer`).toBe(403);
      } else {
        expect(security).toEqual([{ session: [] }]);
      }
    }
  });
});

describe('what each operation refuses', () => {
  it('is every 4xx it can answer, each with the one error body', () => {
    expect(document.components.schemas).toHaveProperty('ErrorBody');
    const placeOrder = document.paths['/api/orders']!.post!;
    expect(Object.keys(placeOrder.responses)).toEqual(['201', '400', '401', '403', '404', '409', '413', '415', '429']);
    const upload = document.paths['/api/orders/reference-pictures']!.post!;
    expect(upload.responses['429']!.headers).toHaveProperty('retry-after');
    expect(Object.keys(document.paths['/api/contact']!.post!.responses)).toContain('429');
    // Its query (docs/product.md#lists-by-page) can be refused: 400 too.
    expect(Object.keys(document.paths['/api/orders/status']!.get!.responses)).toEqual(['200', '400', '401', '403']);
    for (const { name, operation } of operations()) {
      const refusals = Object.entries(operation.responses).filter(([status]) => status.startsWith('4'));
      if (NEVER_REFUSED.includes(name)) expect(refusals, name).toEqual([]);
      else expect(refusals.length, `${name} declares a 4xx`).toBeGreaterThan(0);
      for (const [status, response] of refusals) {
        expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('changes nothing that is answered: a refusal is still serialized as it was', async () => {
    const contact = await context.app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toMatchObject({ success: false, code: 'bad_request' });
  });
});

describe('Redocly CLI', () => {
  it('finds no problem with its recommended rules (redocly.yaml)', { timeout: 60_000 }, async () => {
    const file = join(workDir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const args = [cli, 'lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', file];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    // It exits 1 when it finds an error: the report on standard output says what.
    const { stdout } = await execFileAsync(process.execPath, args, { cwd: workDir, env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout: string }) => error,
    );
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

/** A client program that places an order; `body` is the request body's source text. */
function clientProgram(body: string): string {
  return `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://shop.example', credentials: 'include' });

export async function placeOrder(productId: string): Promise<string> {
  const { data, error, response } = await client.POST('/api/orders', {
    body: ${body},
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  if (error) return \`\${response.status} \${error.code}: \${error.message} \${error.reason ?? ''}\`;
  const orderId: string = data.order.orderId;
  const total: number = data.order.totalPrice;
  return \`\${orderId} \${total}\`;
}
`;
}

describe('a client generated from the document', () => {
  it('places an order through openapi-fetch, and a wrong body does not compile', { timeout: 60_000 }, async () => {
    const dir = join(workDir, 'client');
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document as never)));
    symlinkSync(dirname(require.resolve('openapi-fetch/package.json')), join(dir, 'node_modules', 'openapi-fetch'), 'dir');
    writeFileSync(join(dir, 'good.ts'), clientProgram('{ items: [{ productId, quantity: 2 }], totalAmt: 2501, visit: null }'));
    // The one mistake: a quantity given as text.
    writeFileSync(join(dir, 'bad.ts'), clientProgram("{ items: [{ productId, quantity: 'two' }], totalAmt: 2501 }"));
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      types: [],
      skipLibCheck: true,
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['good.ts', 'bad.ts'] }));
    const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
    const result = await execFileAsync(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir }).then(
      () => ({ stdout: '' }),
      (error: { stdout: string }) => error,
    );
    const diagnostics = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    const badLine =
      readFileSync(join(dir, 'bad.ts'), 'utf8')
        .split('\n')
        .findIndex((line) => line.includes("'two'")) + 1;
    expect(diagnostics.length, result.stdout).toBeGreaterThan(0);
    for (const diagnostic of diagnostics) expect(diagnostic, result.stdout).toMatch(new RegExp(`^bad\\.ts\\(${badLine},`));
  });
});
