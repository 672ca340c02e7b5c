import { LIMITS } from '@thaiyal/contract/limits';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormCard } from '../../../components/ui/form-card';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/reset';

/**
 * The reset-password screen (docs/product.md#forgot-and-reset-password) for the token in the mailed link: new
 * and confirm password. A mismatch says 'Passwords do not match.', fewer than 6 characters
 * 'Passwords must be at least 6 characters.' (docs/product.md#validation); success says 'Password reset
 * successfully.' and goes to /signin; failure 'Error resetting password. Please try again.'
 */
export function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError(t('auth.passwordsMismatch'));
    if (password.length < LIMITS.passwordMinLength) return setError(t('auth.passwordsTooShort'));
    setError(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(t('auth.resetDone'));
          void navigate(paths.signin);
        },
        onError: () => setError(t('auth.resetFailed')),
      },
    );
  };

  return (
    <FormCard title={t('auth.resetTitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" disabled={reset.isPending} className="w-full">
          {reset.isPending ? t('common.loading') : t('auth.resetButton')}
        </Button>
      </form>
    </FormCard>
  );
}
