import { describe, expect, it } from 'vitest';
import { mapSearchLink, telLink, whatsappLink, withWhatsappText } from './whatsapp';

// docs/product.md#the-days-visits: links only, built by one helper.
describe('whatsappLink', () => {
  it.each([
    ['9876543210', 'https://wa.me/919876543210'],
    ['98765 43210', 'https://wa.me/919876543210'],
    ['+91 98765 43210', 'https://wa.me/919876543210'],
    ['098765 43210', 'https://wa.me/919876543210'],
    ['+44 20 7946 0958', 'https://wa.me/442079460958'],
  ])('%s → %s', (phone, href) => {
    expect(whatsappLink(phone)).toBe(href);
  });

  it.each(['', '12345', 'not a phone', '1234567890123456'])('gives no link for %j', (phone) => {
    expect(whatsappLink(phone)).toBeNull();
  });

  it('prefills the message, encoded, in any language', () => {
    const href = whatsappLink('9876543210', 'ஆர்டர் TH-4K7Q2M & slot 10:00')!;
    expect(href.startsWith('https://wa.me/919876543210?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe('ஆர்டர் TH-4K7Q2M & slot 10:00');
  });
});

describe('withWhatsappText', () => {
  it('sets the text on the shop link, replacing an earlier one', () => {
    const href = withWhatsappText('https://wa.me/919843012345?text=old', 'Order TH-1');
    expect(new URL(href).searchParams.getAll('text')).toEqual(['Order TH-1']);
    expect(href.startsWith('https://wa.me/919843012345?')).toBe(true);
  });
});

describe('telLink and mapSearchLink', () => {
  it('calls an Indian mobile with +91', () => {
    expect(telLink('98765 43210')).toBe('tel:+919876543210');
    expect(telLink('098765 43210')).toBe('tel:+919876543210');
    expect(telLink('+91 98765 43210')).toBe('tel:+919876543210');
    expect(telLink('')).toBeNull();
  });

  it('searches the map for the address, encoded', () => {
    expect(mapSearchLink('12A Kovai Road, Pollachi 642001')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12A%20Kovai%20Road%2C%20Pollachi%20642001',
    );
  });
});
