import { zodResolver } from '@hookform/resolvers/zod';
import { ContactBodySchema } from '@thaiyal/contract/contact';
import { LIMITS } from '@thaiyal/contract/limits';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api';
import { serverMessage } from '../../../lib/server-message';
import { useSendContact } from '../api/send-contact';

type ContactInput = z.input<typeof ContactBodySchema>;
type ContactField = keyof ContactInput;
const FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

/**
 * The words shown when sending failed (docs/product.md#states-and-transitions, docs/product.md#messages: the server's message), in the page's
 * language: a field the server refused gets that field's own text (the same words as the
 * server's, translated); any other refusal (the 429 rate limit, another site's Origin) the
 * server's message through `serverMessage`; no answer at all, the no-connection text.
 */
function failureMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError) || error.status === 0) return t('contact.form.networkError');
  const field = error.status === 400 ? error.issues?.[0]?.path.at(-1) : undefined;
  if (FIELDS.includes(field as ContactField)) return t(`contact.form.errors.${field as ContactField}`);
  return serverMessage(error, t) ?? t('contact.form.failed');
}

/**
 * The contact form (docs/product.md#contact, docs/product.md#states-and-transitions Contact form, docs/product.md#validation all fields required): name,
 * e-mail, phone and message, each labelled, checked with the contract's `ContactBodySchema`
 * before `POST /api/contact`. The button says 'Sending....' while busy, then 'Form Submitted
 * Successfully' for 2 s (LIMITS.contactSuccessMs) while the form is reset; a refusal shows
 * the server's message (docs/product.md#messages) and field problems the server names are shown on the field.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContact();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactInput, unknown, z.output<typeof ContactBodySchema>>({
    defaultValues: { name: '', email: '', phone: '', message: '' },
    resolver: zodResolver(ContactBodySchema),
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), LIMITS.contactSuccessMs);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const onSubmit = handleSubmit((body) => {
    setSent(false);
    send.mutate(body, {
      onSuccess: () => {
        reset();
        setSent(true);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const issue of error.issues ?? []) {
          const field = issue.path.at(-1);
          if (FIELDS.includes(field as ContactField)) setError(field as ContactField, { type: 'server' });
        }
      },
    });
  });

  const fieldError = (field: ContactField) => (errors[field] ? t(`contact.form.errors.${field}`) : undefined);
  const label = send.isPending ? t('contact.form.sending') : sent ? t('contact.form.submitted') : t('contact.form.send');

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-form-heading"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-rose-900/10 sm:p-6"
    >
      <h2 id="contact-form-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('contact.form.heading')}
      </h2>
      <p className="text-sm text-stone-600">{t('contact.form.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('contact.form.name')}
          autoComplete="name"
          required
          maxLength={LIMITS.maxNameLength}
          error={fieldError('name')}
          {...register('name')}
        />
        <TextField
          label={t('contact.form.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={fieldError('email')}
          {...register('email')}
        />
      </div>
      <TextField
        label={t('contact.form.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={20}
        error={fieldError('phone')}
        {...register('phone')}
      />
      <TextArea
        label={t('contact.form.message')}
        required
        maxLength={LIMITS.maxMessageLength}
        error={fieldError('message')}
        {...register('message')}
      />
      {send.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {failureMessage(send.error, t)}
        </p>
      )}
      <p role="status" className="sr-only">
        {sent ? t('contact.form.submitted') : ''}
      </p>
      <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
        {label}
      </Button>
    </form>
  );
}
