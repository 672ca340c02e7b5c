import { CONTACT_MESSAGES } from '@thaiyal/contract/contact';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { ContactForm } from './contact-form';

const fields = { name: 'Your name', phone: 'Phone number', email: 'E-mail', message: 'Message' } as const;

function fill(values: Partial<Record<keyof typeof fields, string>>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.input(screen.getByLabelText(fields[field as keyof typeof fields]), { target: { value } });
  }
}

const filled = { name: 'Meena', phone: '98765 43210', email: 'meena@example.com', message: 'A blouse by Friday?' };

describe('ContactForm (docs/product.md#states-and-transitions Contact form, docs/product.md#validation all fields required)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('labels every field and says what is missing without sending anything', async () => {
    const calls = mockApi({});
    renderWithApp(<ContactForm />);
    for (const label of Object.values(fields)) expect(screen.getByLabelText(label)).toBeTruthy();
    fill({ email: 'not-an-email' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Please enter your phone number.')).toBeTruthy();
    expect(screen.getByText('Please write your message.')).toBeTruthy();
    expect(screen.getByLabelText(fields.name).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("shows 'Sending....', then 'Form Submitted Successfully' for 2 s with the form reset", async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const calls = mockApi({
      'POST /contact': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithApp(<ContactForm />);
    fill(filled);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = await screen.findByRole('button', { name: 'Sending....' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([{ method: 'POST', path: '/contact', body: filled }]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => answer({ status: 200, body: { success: true, message: 'Form Submitted Successfully' } }));
    expect(await screen.findByRole('button', { name: 'Form Submitted Successfully' })).toBeTruthy();
    for (const label of Object.values(fields)) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');

    await act(async () => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Form Submitted Successfully' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it("shows the server's message when it refuses, and keeps what was typed", async () => {
    mockApi({
      'POST /contact': () => ({ status: 400, body: { success: false, message: 'The shop refused this.', code: 'bad_request' } }),
    });
    renderWithApp(<ContactForm />);
    fill(filled);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The shop refused this.');
    expect((screen.getByLabelText(fields.message) as HTMLTextAreaElement).value).toBe(filled.message);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it('marks the field the server names as wrong', async () => {
    mockApi({
      'POST /contact': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Please enter a valid e-mail address.',
          code: 'bad_request',
          issues: [{ path: ['body', 'email'], message: 'x' }],
        },
      }),
    });
    renderWithApp(<ContactForm />);
    fill(filled);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('alert');
    expect(screen.getByLabelText(fields.email).getAttribute('aria-invalid')).toBe('true');
  });

  it('says to wait after too many messages, in the page’s language (docs/product.md#languages)', async () => {
    mockApi({
      'POST /contact': () => ({
        status: 429,
        body: { success: false, message: CONTACT_MESSAGES.tooMany, code: 'too_many_requests', reason: 'contact.tooMany' },
      }),
    });
    renderWithApp(<ContactForm />);
    fill(filled);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_MESSAGES.tooMany);
    await act(async () => setLanguage('ta'));
    try {
      expect(screen.getByRole('alert').textContent).toBe(
        'குறுகிய நேரத்தில் பல செய்திகளை அனுப்பியுள்ளீர்கள். சில நிமிடங்கள் காத்திருங்கள், அல்லது எங்களை அழையுங்கள்.',
      );
    } finally {
      await act(async () => setLanguage('en'));
    }
  });

  it('says a refused field in the field’s own words, in Tamil too', async () => {
    mockApi({
      'POST /contact': () => ({
        status: 400,
        body: {
          success: false,
          message: 'Please enter your name.',
          code: 'bad_request',
          issues: [{ path: ['body', 'name'], message: 'Please enter your name.' }],
        },
      }),
    });
    renderWithApp(<ContactForm />);
    fill(filled);
    await act(async () => setLanguage('ta'));
    try {
      fireEvent.click(screen.getByRole('button', { name: 'அனுப்புங்கள்' }));
      expect((await screen.findByRole('alert')).textContent).toBe('உங்கள் பெயரை உள்ளிடவும்.');
    } finally {
      await act(async () => setLanguage('en'));
    }
  });
});
