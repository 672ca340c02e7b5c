import { AUTH_MESSAGES, MESSAGES_WITH_DATA } from '@thaiyal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n';
import { mockApi } from '../../../test/mock-api';
import { LocationProbe, renderWithApp } from '../../../test/render';
import { clearToasts, TestToaster } from '../../../test/toasts';
import { ForgotForm } from './forgot-form';
import { OtpForm } from './otp-form';
import { SigninForm } from './signin-form';
import { SignupForm } from './signup-form';

function renderForm(form: React.ReactNode, path?: NonNullable<Parameters<typeof renderWithApp>[1]>['path']) {
  return renderWithApp(
    <>
      {form}
      <LocationProbe />
      <TestToaster />
    </>,
    { path },
  );
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** A toast's text (react-hot-toast renders it in a status region). */
function toastText(text: string) {
  return screen.findByText(text, { selector: '[role="status"] *, [role="status"]' });
}

/** The error line under a field (TextField's `aria-describedby`). */
function fieldError(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Runs `body` with the page in Tamil, then back in English. */
async function inTamil(body: () => Promise<void>) {
  await act(async () => setLanguage('ta'));
  try {
    await body();
  } finally {
    await act(async () => setLanguage('en'));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('SigninForm: server messages and field rules', () => {
  const refused = { status: 401, body: { message: AUTH_MESSAGES.badCredentials, code: 'unauthorized', reason: 'auth.badCredentials' } };

  it('tells a Tamil shopper a failed sign-in in Tamil (docs/product.md#languages)', async () => {
    mockApi({ 'POST /auth/signin': () => refused });
    await inTamil(async () => {
      renderForm(<SigninForm />);
      type('மின்னஞ்சல்', 'meena@example.com');
      type('கடவுச்சொல்', 'wrong password');
      fireEvent.click(screen.getByRole('button', { name: 'உள்நுழை' }));
      expect(await toastText('மின்னஞ்சல் அல்லது கடவுச்சொல் தவறானது')).toBeTruthy();
    });
  });

  it('shows the server’s message in English, and the product’s ‘Login failed’ when the server said nothing', async () => {
    mockApi({ 'POST /auth/signin': () => refused });
    renderForm(<SigninForm />);
    type('Email', 'meena@example.com');
    type('Password', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await toastText('Invalid email or password')).toBeTruthy();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await toastText('Login failed')).toBeTruthy();
  });

  it('names the rule a password breaks: required, or longer than 128 characters', async () => {
    const calls = mockApi({});
    renderForm(<SigninForm />);
    type('Email', 'meena@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(fieldError('Password')).toBe('This field is required'));
    type('Password', 'p'.repeat(129));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(fieldError('Password')).toBe('Use at most 128 characters'));
    expect(calls).toEqual([]);
  });

  it('leads an unverified account to /otp', async () => {
    mockApi({
      'POST /auth/signin': () => ({
        status: 403,
        body: { message: AUTH_MESSAGES.unverified, code: 'unverified', reason: 'auth.unverified' },
      }),
    });
    renderForm(<SigninForm />);
    type('Email', 'meena@example.com');
    type('Password', 'silk thread 42');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await toastText(AUTH_MESSAGES.unverified)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/otp'));
  });
});

describe('SignupForm: docs/product.md#messages failure, but waits and mail failures said as they are', () => {
  function submit(fields: { username?: string; email?: string; password?: string } = {}) {
    type('Username', fields.username ?? 'Meena');
    type('Email', fields.email ?? 'meena@example.com');
    type('Password', fields.password ?? 'silk thread 42');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  }

  it('says ‘Signup failed. Use another email.’ for an e-mail in use', async () => {
    mockApi({
      'POST /auth/signup': () => ({
        status: 409,
        body: { message: AUTH_MESSAGES.signupConflict, code: 'conflict', reason: 'auth.signupConflict' },
      }),
    });
    renderForm(<SignupForm />);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Signup failed. Use another email.');
  });

  it('says to wait on a 429, in Tamil too, instead of asking for another e-mail', async () => {
    mockApi({
      'POST /auth/signup': () => ({ status: 429, body: { code: 'too_many_requests', ...MESSAGES_WITH_DATA.tooManyAttempts(12) } }),
    });
    renderForm(<SignupForm />);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait 12 min and try again.');
    await inTamil(async () => {
      expect(screen.getByRole('alert').textContent).toBe('பல முறை முயன்றுவிட்டீர்கள். 12 நிமிடம் கழித்து மீண்டும் முயலவும்.');
    });
  });

  it('says the code could not be mailed on a 503', async () => {
    mockApi({
      'POST /auth/signup': () => ({
        status: 503,
        body: { message: AUTH_MESSAGES.codeMailFailed, code: 'unavailable', reason: 'auth.codeMailFailed' },
      }),
    });
    renderForm(<SignupForm />);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.codeMailFailed);
  });

  it.each([
    ['a username over 80 characters', { username: 'M'.repeat(81) }, 'Username', 'Use at most 80 characters'],
    ['a blank username', { username: ' ' }, 'Username', 'This field is required'],
    ['a password over 128 characters', { password: 'p'.repeat(129) }, 'Password', 'Use at most 128 characters'],
    ['a password under 6 characters', { password: 'short' }, 'Password', 'Use at least 6 characters'],
    ['a malformed e-mail', { email: 'meena' }, 'Email', 'Enter a valid e-mail address'],
  ])('names the rule for %s and sends nothing', async (_label, fields, field, message) => {
    const calls = mockApi({});
    renderForm(<SignupForm />);
    submit(fields);
    await waitFor(() => expect(fieldError(field)).toBe(message));
    expect(calls).toEqual([]);
  });

  it('says an upper limit in Tamil', async () => {
    mockApi({});
    await inTamil(async () => {
      renderForm(<SignupForm />);
      type('உங்கள் பெயர்', 'Meena');
      type('மின்னஞ்சல்', 'meena@example.com');
      type('கடவுச்சொல்', 'p'.repeat(129));
      fireEvent.click(screen.getByRole('button', { name: 'பதிவு செய்' }));
      await waitFor(() => expect(fieldError('கடவுச்சொல்')).toBe('அதிகபட்சம் 128 எழுத்துகள் பயன்படுத்தவும்'));
    });
  });
});

describe('OtpForm: what to do about a refused code; Resend from any tab', () => {
  function verify(code = '123456') {
    type('One-time code', code);
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
  }

  it('keeps the product’s ‘please check email’ for a wrong code', async () => {
    mockApi({
      'POST /auth/verify/otp': () => ({
        status: 400,
        body: { message: 'Invalid credentials', code: 'bad_request', reason: 'auth.invalidCode' },
      }),
    });
    renderForm(<OtpForm />);
    verify();
    await waitFor(() => expect(fieldError('One-time code')).toBe('please check email'));
  });

  it.each([
    ['auth.codeExpired', AUTH_MESSAGES.codeExpired, 'This code has expired. Tap ‘Resend OTP’ below for a new code.'],
    ['auth.codeDead', AUTH_MESSAGES.codeDead, 'Too many wrong codes. Tap ‘Resend OTP’ below for a new code.'],
  ])('sends the shopper to Resend OTP for %s, and a new code clears it', async (reason, message, shown) => {
    const calls = mockApi({
      'POST /auth/verify/otp': () => ({ status: 400, body: { message, code: 'bad_request', reason } }),
      'POST /auth/resend-otp': () => ({ status: 200, body: { message: AUTH_MESSAGES.resendSent } }),
    });
    renderForm(<OtpForm />);
    verify();
    await waitFor(() => expect(fieldError('One-time code')).toBe(shown));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await toastText('A new code is on its way')).toBeTruthy();
    expect(fieldError('One-time code')).toBeNull();
    // No e-mail: the otp_session cookie, sent by every tab, names the account.
    expect(calls.find((call) => call.path === '/auth/resend-otp')?.body).toEqual({});
  });

  it('says a dead code in Tamil', async () => {
    mockApi({
      'POST /auth/verify/otp': () => ({
        status: 400,
        body: { message: AUTH_MESSAGES.codeDead, code: 'bad_request', reason: 'auth.codeDead' },
      }),
    });
    await inTamil(async () => {
      renderForm(<OtpForm />);
      type('ஒருமுறைக் குறியீடு', '123456');
      fireEvent.click(screen.getByRole('button', { name: 'OTP-ஐச் சரிபார்' }));
      await waitFor(() =>
        expect(fieldError('ஒருமுறைக் குறியீடு')).toBe(
          'பல முறை தவறான குறியீடு உள்ளிடப்பட்டது. புதிய குறியீடு பெற கீழே உள்ள ‘OTP-ஐ மீண்டும் அனுப்பு’ என்பதைத் தட்டவும்.',
        ),
      );
    });
  });

  it('says the verification timed out when this browser has no pending sign-up', async () => {
    mockApi({
      'POST /auth/verify/otp': () => ({
        status: 400,
        body: { message: AUTH_MESSAGES.noPendingSignup, code: 'bad_request', reason: 'auth.noPendingSignup' },
      }),
    });
    renderForm(<OtpForm />);
    verify();
    await waitFor(() => expect(fieldError('One-time code')).toBe(AUTH_MESSAGES.noPendingSignup));
  });

  it('counts Resend down from when the code was sent, disabled until it can be used, also after a resend', async () => {
    mockApi({ 'POST /auth/resend-otp': () => ({ status: 200, body: { message: AUTH_MESSAGES.resendSent } }) });
    renderForm(<OtpForm />, { pathname: '/otp', state: { codeSentAt: Date.now() - 58_200 } });
    const waiting = await screen.findByRole<HTMLButtonElement>('button', { name: 'Resend OTP in 2 s' });
    expect(waiting.disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Resend OTP in 1 s' }).disabled).toBe(true), {
      timeout: 1500,
    });
    const ready = await screen.findByRole<HTMLButtonElement>('button', { name: 'Resend OTP' }, { timeout: 1500 });
    expect(ready.disabled).toBe(false);
    fireEvent.click(ready);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Resend OTP in 60 s' })).disabled).toBe(true);
  });

  it('offers Resend at once when it does not know when a code was sent, and then waits what the server says', async () => {
    mockApi({
      'POST /auth/resend-otp': () => ({ status: 429, body: { code: 'too_many_requests', ...MESSAGES_WITH_DATA.resendCooldown(37) } }),
    });
    renderForm(<OtpForm />, '/otp');
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Resend OTP in 37 s' })).disabled).toBe(true);
  });

  it('takes a pasted code with words and spaces around it, and offers the code from the phone (autocomplete)', () => {
    renderForm(<OtpForm />);
    const field = screen.getByLabelText<HTMLInputElement>('One-time code');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    type('One-time code', 'Your Thaiyal code: 482 913.');
    expect(field.value).toBe('482913');
  });

  it('says the cooldown’s wait on a refused Resend, in Tamil', async () => {
    mockApi({
      'POST /auth/resend-otp': () => ({ status: 429, body: { code: 'too_many_requests', ...MESSAGES_WITH_DATA.resendCooldown(37) } }),
    });
    await inTamil(async () => {
      renderForm(<OtpForm />);
      fireEvent.click(screen.getByRole('button', { name: 'OTP-ஐ மீண்டும் அனுப்பு' }));
      expect(await toastText('புதிய குறியீட்டைக் கேட்கும் முன் சற்றுக் காத்திருக்கவும். 37 வினாடிகளில் மீண்டும் கேட்கலாம்.')).toBeTruthy();
    });
  });
});

describe('ForgotForm: ‘try again’, unless trying again would not help', () => {
  it('keeps the product’s ‘try again’ for a server fault', async () => {
    mockApi({
      'POST /auth/forgot': () => ({
        status: 500,
        body: { message: 'Something went wrong. Please try again.', code: 'internal', reason: 'platform.internal' },
      }),
    });
    renderForm(<ForgotForm />);
    type('Email', 'meena@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('try again');
  });

  it('says how long to wait on a 429', async () => {
    mockApi({
      'POST /auth/forgot': () => ({ status: 429, body: { code: 'too_many_requests', ...MESSAGES_WITH_DATA.tooManyAttempts(1) } }),
    });
    renderForm(<ForgotForm />);
    type('Email', 'meena@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait 1 min and try again.');
  });
});
