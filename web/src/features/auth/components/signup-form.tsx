import { zodResolver } from '@hookform/resolvers/zod';
import { SignupBodySchema } from '@thaiyal/contract/account';
import { LIMITS } from '@thaiyal/contract/limits';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormCard } from '../../../components/ui/form-card';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { waitOrMailFailureMessage } from '../../../lib/server-message';
import { useSignup } from '../api/signup';
import { lengthError } from './length-error';
import { codeJustSent } from './otp-state';

/**
 * What a failed sign-up says: docs/product.md#messages 'Signup failed. Use another email.' for an e-mail in
 * use or a refused form, but the server's own message (translated) when it asks the shopper to
 * wait (429, abuse limits of docs/security.md) or could not mail the code (503), since
 * another e-mail would not help then.
 */
function signupFailure(error: unknown, t: TFunction): string {
  return waitOrMailFailureMessage(error, t) ?? t('auth.signupFailed');
}

/**
 * The sign-up screen (docs/product.md#sign-up): 'Create Account' with username, e-mail and password
 * (all required; docs/product.md#validation), a Remember Me tick that docs/product.md leaves unused, a Forgot Password link
 * and a Log In link. Success goes to /otp; a failure shows 'Signup failed. Use another
 * email.' and stays (docs/product.md#messages), or the server's message for a 429 or 503 (see `signupFailure`).
 * Field errors name the rule that failed, with the contract's limits: username required or
 * over LIMITS.maxNameLength, e-mail format, password under LIMITS.passwordMinLength or over
 * LIMITS.passwordMaxLength.
 */
export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof SignupBodySchema>, unknown, z.output<typeof SignupBodySchema>>({
    defaultValues: { username: '', email: '', password: '' },
    resolver: zodResolver(SignupBodySchema),
  });

  const onSubmit = handleSubmit((body) => {
    signup.mutate(body, { onSuccess: () => void navigate(paths.otp, codeJustSent()) });
  });

  return (
    <FormCard title={t('auth.createAccount')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t('auth.username')}
          autoComplete="username"
          required
          error={lengthError(errors.username, LIMITS.maxNameLength, t('auth.required'), t)}
          {...register('username')}
        />
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email ? t('auth.emailInvalid') : undefined}
          {...register('email')}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          required
          error={lengthError(errors.password, LIMITS.passwordMaxLength, t('auth.passwordTooShort'), t)}
          {...register('password')}
        />
        <div className="flex items-center justify-between text-sm">
          <Checkbox className="text-stone-700" name="remember" label={t('auth.rememberMe')} />
          <Link to={paths.forgot} className="font-medium text-rose-800 underline-offset-2 hover:underline">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        {signup.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {signupFailure(signup.error, t)}
          </p>
        )}
        <Button type="submit" disabled={signup.isPending} className="w-full">
          {signup.isPending ? t('common.loading') : t('auth.signUp')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t('auth.haveAccount')}{' '}
        <Link to={paths.signin} className="font-semibold text-rose-800 underline-offset-2 hover:underline">
          {t('auth.logIn')}
        </Link>
      </p>
    </FormCard>
  );
}
