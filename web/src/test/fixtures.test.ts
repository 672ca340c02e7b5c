import { AddressSchema, OrderSchema, ProductSchema, UserSchema } from '@thaiyal/contract';
import { describe, expect, it } from 'vitest';
import { makeAddress, makeOrder, makeProduct, makeUser } from './render';

/**
 * The web tests' fixture builders are what the API answers (docs/architecture.md#testing): each
 * parses with the contract's own schema, the one the server's answers are serialized through,
 * so a change on either side that the other does not follow fails here, not in the shop.
 */
describe('fixture builders match the contract', () => {
  it('makeProduct, makeUser, makeAddress and makeOrder parse with the contract schemas, unchanged', () => {
    for (const [schema, value] of [
      [ProductSchema, makeProduct()],
      [UserSchema, makeUser({ address: makeAddress() })],
      [AddressSchema, makeAddress()],
      [OrderSchema, makeOrder()],
    ] as const) {
      expect(schema.parse(value)).toEqual(value);
    }
  });
});
