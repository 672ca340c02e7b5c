import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { requireResponseSchema } from '../../platform/response-schemas.js';

/** The API's own description (docs/architecture.md#http-api): every route's answer declared, an OpenAPI document and a reference page. */
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context?.close();
});

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every shop route, each with the schema of its success answer', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    const names = operations.map((entry) => entry.name);
    for (const expected of [
      'GET /api/product',
      'GET /api/product/{id}',
      'GET /api/product/search',
      'POST /api/auth/signup',
      'GET /api/cart',
      'PUT /api/cart/{productId}',
      'POST /api/wishlist',
      'POST /api/orders',
      'GET /api/orders',
      'POST /api/orders/cancel',
      'POST /api/comment',
      'GET /api/visit-slots',
      'GET /api/measurements',
      'PUT /api/orders/status/{orderId}',
      'GET /api/health',
    ]) {
      expect(names).toContain(expected);
    }
    // Neither the document nor the reference page describes itself.
    expect(names.some((name) => name.includes('openapi') || name.endsWith('/api/docs'))).toBe(false);
    for (const { name, operation } of operations) {
      const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
      expect(success?.[1].content?.['application/json']?.schema, `${name} success schema`).toBeDefined();
    }
    // The cart's answer is the contract's: items and a total.
    const cart = document.paths['/api/cart']!.get!.responses!['200']!.content!['application/json']!.schema as { properties: object };
    expect(Object.keys(cart.properties)).toEqual(['items', 'total']);
  });
});

describe('GET /api/docs', () => {
  it('is a readable HTML reference with every operation, no script, under the shop’s CSP', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script|style=/i);
    expect(response.body).toContain('<code>POST /api/orders</code>');
    expect(response.body).toContain('<code>GET /api/visit-slots</code>');
    // Each operation's summary, operationId and who may call it; each refusal's description.
    expect(response.body).toContain(
      'Place an order of the given lines, paid on delivery. <code>placeOrder</code>. Called by a signed-in user.',
    );
    expect(response.body).toContain('<code>listAdminOrders</code>. Called by an admin.');
    expect(response.body).toContain('<code>listProducts</code>. Called by anyone.');
    expect(response.body).toContain('<h2 id="schema-ErrorBody"><code>ErrorBody</code></h2>');
    expect(response.body).toContain('href="/api/openapi.json"');
  });
});

describe('every route declares its answer', () => {
  it('a route without a response schema stops the start, naming it; an HTML page that says so is let through', async () => {
    const app = Fastify();
    app.addHook('onRoute', requireResponseSchema);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow('GET /api/undeclared declares no response schema');
    expect(() => app.get('/api/page', { config: { html: true } }, async () => '<p></p>')).not.toThrow();
    await app.close();
  });
});
