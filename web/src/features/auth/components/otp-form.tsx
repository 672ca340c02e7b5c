import { LIMITS } from '@thaiyal/contract/limits';
import type { TFunction } from 'i18next';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormCard } from '../../../components/ui/form-card';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydration';
import { paths } from '../../../lib/paths';
import { returnPathAfterSignIn } from '../../../lib/sign-in-intent';
import { serverMessage, waitOrMailFailureMessage } from '../../../lib/server-message';
import { useResendOtp, useVerifyOtp } from '../api/verify-otp';
import type { OtpLocationState } from './otp-state';

/**
 * What a refused code says. A wrong code: docs/product.md#messages 'please check email'. A code that died
 * (5 wrong tries) or expired (10 minutes) cannot work however often it is retyped, so the
 * shopper is sent to 'Resend OTP'; a verification that timed out in this browser, a wait (429)
 * or a mail failure (503) get the server's message, translated.
 */
function verifyFailure(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('auth.checkEmail');
  if (error.reason === 'auth.codeDead') return t('auth.otpDead', { button: t('auth.resendOtp') });
  if (error.reason === 'auth.codeExpired') return t('auth.otpExpired', { button: t('auth.resendOtp') });
  const serverSays = error.reason === 'auth.noPendingSignup' ? serverMessage(error, t) : waitOrMailFailureMessage(error, t);
  return serverSays ?? t('auth.checkEmail');
}

/** The digits of what was typed or pasted ("Code: 123 456" → "123456"), at most `digits`. */
function codeDigits(text: string, digits = LIMITS.otpDigits): string {
  return text.replace(/\D/g, '').slice(0, digits);
}

/**
 * Whole seconds until Resend may be used (0: now), counting down once a second. Starts from
 * the code's send time in the entry's state once the page is hydrated (so the server-rendered
 * page and its hydration agree); `restart(seconds)` starts it again (a new code sent: 60 s; a
 * wait the server told: its `retryAfterSeconds`).
 */
function useResendCountdown(): [number, (seconds: number) => void] {
  const location = useLocation();
  const hydrated = useHydrated();
  const sentAt = (location.state as Partial<OtpLocationState> | null)?.codeSentAt;
  const [restartedUntil, setRestartedUntil] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const until = restartedUntil ?? (hydrated && typeof sentAt === 'number' ? sentAt + LIMITS.otpResendCooldownMs : 0);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    // Wake when the whole seconds left next change.
    const timer = window.setTimeout(() => setNow(Date.now()), ((until - now) % 1000 || 1000) + 5);
    return () => window.clearTimeout(timer);
  }, [left, now, until]);
  const restart = (seconds: number) => {
    const at = Date.now();
    setRestartedUntil(at + seconds * 1000);
    setNow(at);
  };
  return [left, restart];
}

/**
 * The one-time-code screen (docs/product.md#one-time-code): a numeric, required input, 'Verify OTP' and
 * 'Resend OTP'. Success says 'Welcome {name}' and goes home; failure says 'please check
 * email' (docs/product.md#messages), or what to do instead (see `verifyFailure`). Resend asks for a new code
 * for the account of the `otp_session` cookie, so it works in any tab (docs/decisions/005);
 * its refusals (the 60 s cooldown, abuse limits) show the server's message, translated.
 * Resend counts down and stays disabled until it can be used: 60 s after the code was sent
 * (`codeJustSent`, otp-state.ts) or after a resend, or the wait a refusal told. The code field takes a
 * pasted code as it comes (spaces, words around it: only its 6 digits are kept) and offers the
 * code from an SMS or mail app (`autocomplete="one-time-code"`).
 */
export function OtpForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const [resendIn, restartCountdown] = useResendCountdown();
  const [otp, setOtp] = useState('');
  const [badFormat, setBadFormat] = useState(false);
  const error = badFormat ? t('auth.otpInvalid') : verify.isError ? verifyFailure(verify.error, t) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(otp)) {
      setBadFormat(true);
      return;
    }
    setBadFormat(false);
    verify.mutate(otp, {
      onSuccess: (user) => {
        toast.success(t('auth.welcomeName', { name: user.username }));
        void navigate(returnPathAfterSignIn(paths.home));
      },
    });
  };

  const onResend = () => {
    resend.mutate(undefined, {
      onSuccess: () => {
        // The old code is dead now: its failure no longer applies.
        verify.reset();
        restartCountdown(LIMITS.otpResendCooldownMs / 1000);
        toast.success(t('auth.otpResent'));
      },
      onError: (err) => {
        const wait = err instanceof ApiError ? err.params?.retryAfterSeconds : undefined;
        if (typeof wait === 'number' && wait > 0) restartCountdown(wait);
        toast.error(serverMessage(err, t) ?? t('auth.tryAgain'));
      },
    });
  };

  return (
    <FormCard title={t('auth.verifyOtp')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-stone-700">{t('auth.otpSent')}</p>
        <TextField
          label={t('auth.otpLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          required
          value={otp}
          onChange={(event) => setOtp(codeDigits(event.target.value))}
          error={error}
        />
        <Button type="submit" disabled={verify.isPending} className="w-full">
          {verify.isPending ? t('common.loading') : t('auth.verifyOtp')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <button
          type="button"
          onClick={onResend}
          disabled={resend.isPending || resendIn > 0}
          className="font-semibold text-rose-800 underline-offset-2 hover:underline disabled:text-stone-600 disabled:no-underline"
        >
          {resendIn > 0 ? t('auth.resendOtpIn', { seconds: resendIn }) : t('auth.resendOtp')}
        </button>
      </p>
    </FormCard>
  );
}
