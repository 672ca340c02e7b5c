import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormCard } from '../../../components/ui/form-card';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { serverMessage, waitOrMailFailureMessage } from '../../../lib/server-message';
import { useResendOtp, useVerifyOtp } from '../api/verify-otp';

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

/**
 * The one-time-code screen (docs/product.md#one-time-code): a numeric, required input, 'Verify OTP' and
 * 'Resend OTP'. Success says 'Welcome {name}' and goes home; failure says 'please check
 * email' (docs/product.md#messages), or what to do instead (see `verifyFailure`). Resend asks for a new code
 * for the account of the `otp_session` cookie, so it works in any tab (docs/decisions/005);
 * its refusals (the 60 s cooldown, abuse limits) show the server's message, translated.
 */
export function OtpForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
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
        void navigate(paths.home);
      },
    });
  };

  const onResend = () => {
    resend.mutate(undefined, {
      onSuccess: () => {
        // The old code is dead now: its failure no longer applies.
        verify.reset();
        toast.success(t('auth.otpResent'));
      },
      onError: (err) => toast.error(serverMessage(err, t) ?? t('auth.tryAgain')),
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
          maxLength={6}
          required
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
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
          disabled={resend.isPending}
          className="font-semibold text-rose-800 underline-offset-2 hover:underline disabled:opacity-60"
        >
          {t('auth.resendOtp')}
        </button>
      </p>
    </FormCard>
  );
}
