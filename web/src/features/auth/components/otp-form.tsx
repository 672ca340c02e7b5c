import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormCard } from '../../../components/ui/form-card';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useResendOtp, useVerifyOtp } from '../api/verify-otp';

/**
 * The one-time-code screen (SPEC §2 OTP): a numeric, required input, 'Verify OTP' and
 * 'Resend OTP'. Success says 'Welcome {name}' and goes home; failure says 'please check
 * email' (SPEC §8).
 */
export function OtpForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(otp)) {
      setError(t('auth.otpInvalid'));
      return;
    }
    setError(null);
    verify.mutate(otp, {
      onSuccess: (user) => {
        toast.success(t('auth.welcomeName', { name: user.username }));
        void navigate(paths.home);
      },
      onError: () => setError(t('auth.checkEmail')),
    });
  };

  const onResend = () => {
    resend.mutate(undefined, {
      onSuccess: () => toast.success(t('auth.otpResent')),
      onError: (err) => toast.error(err instanceof ApiError && err.status !== 0 ? err.message : t('auth.tryAgain')),
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
          error={error ?? undefined}
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
