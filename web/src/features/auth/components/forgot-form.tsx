import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormCard } from '../../../components/ui/form-card';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { waitOrMailFailureMessage } from '../../../lib/server-message';
import { useForgotPassword } from '../api/forgot';

/**
 * The forgot-password screen (docs/product.md#forgot-and-reset-password): a required e-mail, 'Send Reset
 * Link' and 'Back to Login'. Success says 'check your email for reset link'; failure 'try
 * again' (docs/product.md#messages), except that a wait (429, abuse limits of docs/security.md) or a mail
 * failure (503) shows the server's message, translated, since trying again at once would not help.
 */
export function ForgotForm() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!z.email().safeParse(email.trim()).success) {
      setFieldError(t('auth.emailInvalid'));
      return;
    }
    setFieldError(undefined);
    forgot.mutate(email.trim());
  };

  return (
    <FormCard title={t('auth.forgotTitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
        />
        {forgot.isSuccess && (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            {t('auth.checkEmailForLink')}
          </p>
        )}
        {forgot.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {waitOrMailFailureMessage(forgot.error, t) ?? t('auth.tryAgain')}
          </p>
        )}
        <Button type="submit" disabled={forgot.isPending} className="w-full">
          {forgot.isPending ? t('common.loading') : t('auth.sendResetLink')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.signin} className="font-semibold text-rose-800 underline-offset-2 hover:underline">
          {t('auth.backToLogin')}
        </Link>
      </p>
    </FormCard>
  );
}
