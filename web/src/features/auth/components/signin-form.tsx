import { zodResolver } from '@hookform/resolvers/zod';
import { SigninBodySchema } from '@thaiyal/contract/account';
import { LIMITS } from '@thaiyal/contract/limits';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormCard } from '../../../components/ui/form-card';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { returnPathAfterSignIn } from '../../../lib/sign-in-intent';
import { serverMessage } from '../../../lib/server-message';
import { useAuth } from '../api/auth-check';
import { useSignin } from '../api/signin';
import { lengthError } from './length-error';
import { codeJustSent } from './otp-state';

/** localStorage key of the remembered e-mail (docs/product.md#sign-in: Remember Me). */
const REMEMBER_EMAIL_KEY = 'thaiyal.rememberEmail';

/** The form's fields: the contract's sign-in body plus the Remember Me tick. */
const SigninFormSchema = SigninBodySchema.extend({ remember: z.boolean() });

function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBER_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The sign-in screen (docs/product.md#sign-in): 'Welcome Back!', e-mail and password (both required,
 * e-mail format: docs/product.md#validation), Remember Me, a Forgot Password link, a Sign In button showing
 * 'Loading...' while busy, and a Sign Up link only when no user is loaded. On success the
 * e-mail is kept under the remember-me key when ticked (removed otherwise) and the shopper
 * goes to /. A failure shows the server's message in the shopper's language, or 'Login failed'
 * when the server said nothing (docs/product.md#messages; docs/product.md#languages); an unverified account is led to /otp
 * (docs/product.md#sign-up), whose code the `otp_session` cookie names. Field errors name the rule
 * that failed: e-mail format, password required, password over LIMITS.passwordMaxLength.
 */
export function SigninForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const signin = useSignin();
  const initialEmail = rememberedEmail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof SigninFormSchema>, unknown, z.output<typeof SigninFormSchema>>({
    defaultValues: { email: initialEmail, password: '', remember: initialEmail !== '' },
    resolver: zodResolver(SigninFormSchema),
  });

  const onSubmit = handleSubmit(({ email, password, remember }) => {
    signin.mutate(
      { email, password },
      {
        onSuccess: () => {
          try {
            if (remember) localStorage.setItem(REMEMBER_EMAIL_KEY, email);
            else localStorage.removeItem(REMEMBER_EMAIL_KEY);
          } catch {
            // Storage refused: nothing to remember.
          }
          void navigate(returnPathAfterSignIn(paths.home));
        },
        onError: (error) => {
          toast.error(serverMessage(error, t) ?? t('auth.loginFailed'));
          // An unverified account gets a fresh code and the otp_session cookie: finish sign-up on /otp.
          if (error instanceof ApiError && error.code === 'unverified') void navigate(paths.otp, codeJustSent());
        },
      },
    );
  });

  return (
    <FormCard title={t('auth.welcomeBack')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
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
          autoComplete="current-password"
          required
          error={lengthError(errors.password, LIMITS.passwordMaxLength, t('auth.required'), t)}
          {...register('password')}
        />
        <div className="flex items-center justify-between text-sm">
          <Checkbox className="text-stone-700" label={t('auth.rememberMe')} {...register('remember')} />
          <Link to={paths.forgot} className="font-medium text-rose-800 underline-offset-2 hover:underline">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" disabled={signin.isPending} className="w-full">
          {signin.isPending ? t('common.loading') : t('auth.signIn')}
        </Button>
      </form>
      {!user && (
        <p className="mt-6 text-center text-sm text-stone-700">
          {t('auth.noAccount')}{' '}
          <Link to={paths.signup} className="font-semibold text-rose-800 underline-offset-2 hover:underline">
            {t('auth.signUp')}
          </Link>
        </p>
      )}
    </FormCard>
  );
}
