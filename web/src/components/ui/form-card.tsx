import type { ReactNode } from 'react';

/** A centred card holding an account form (sign in, sign up, OTP, forgot, reset). */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-rose-900/10 sm:p-8">
      <h1 className="mb-6 text-center font-serif text-2xl font-semibold text-rose-950">{title}</h1>
      {children}
    </div>
  );
}
