import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { useAuth } from '../../features/auth/api/auth-check';
import { ForgotForm } from '../../features/auth/components/forgot-form';
import { OtpForm } from '../../features/auth/components/otp-form';
import { ResetForm } from '../../features/auth/components/reset-form';
import { SigninForm } from '../../features/auth/components/signin-form';
import { SignupForm } from '../../features/auth/components/signup-form';

/** /signin (docs/product.md#sign-in). */
export function SigninPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('auth.signIn')} />
      <SigninForm />
    </>
  );
}

/** /signup (docs/product.md#sign-up); a signed-in user is shown the sign-in screen instead. */
export function SignupPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <>
      <PageTitle title={t(user ? 'auth.signIn' : 'auth.signUp')} />
      {user ? <SigninForm /> : <SignupForm />}
    </>
  );
}

/** /otp (docs/product.md#one-time-code). */
export function OtpPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('auth.verifyOtp')} />
      <OtpForm />
    </>
  );
}

/** /forgot (docs/product.md#forgot-and-reset-password). */
export function ForgotPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('auth.forgotTitle')} />
      <ForgotForm />
    </>
  );
}

/** /api/reset/{token} (docs/product.md#forgot-and-reset-password; the link in the reset mail). */
export function ResetPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <>
      <PageTitle title={t('auth.resetTitle')} />
      <ResetForm token={token} />
    </>
  );
}
