import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/** Keys of the information pages whose copy lives under `info.<key>` in the i18n files. */
export type InfoKey =
  | 'customTailoring'
  | 'bridalAttire'
  | 'alterations'
  | 'fabricConsultation'
  | 'opportunities'
  | 'collaborators'
  | 'showcase'
  | 'getInTouch'
  | 'ourStory'
  | 'whyChooseUs'
  | 'customerCommitment'
  | 'dataPrivacy'
  | 'delivery'
  | 'contact'
  | 'terms'
  | 'returns'
  | 'faq';

/** A titled part of an information page: `info.<key>.sections` (the terms, returns and FAQ pages). */
interface InfoSection {
  heading: string;
  body: string[];
}

/**
 * One information page (docs/product.md#screens static pages, /delivery): its heading and paragraphs from
 * `info.<key>.title` and `info.<key>.body` (a list), in the shopper's language, then its titled
 * parts when it has them (`info.<key>.sections`: `[{heading, body}]`, a question and its
 * answer on the FAQ). `children` go below the text (e.g. contact links).
 */
export function InfoArticle({ infoKey, children }: { infoKey: InfoKey; children?: ReactNode }) {
  const { t } = useTranslation();
  const body = t(`info.${infoKey}.body`, { returnObjects: true }) as unknown;
  const paragraphs = Array.isArray(body) ? (body as string[]) : [String(body)];
  const parts = t(`info.${infoKey}.sections`, { returnObjects: true, defaultValue: [] }) as unknown;
  const sections = Array.isArray(parts) ? (parts as InfoSection[]) : [];
  return (
    <article className="mx-auto max-w-2xl space-y-4 py-6">
      <h1 className="font-serif text-2xl font-semibold wrap-break-word text-rose-950 sm:text-3xl">{t(`info.${infoKey}.title`)}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="leading-relaxed text-stone-700">
          {paragraph}
        </p>
      ))}
      {sections.map((section) => (
        <section key={section.heading} className="space-y-2">
          <h2 className="font-serif text-lg font-semibold wrap-break-word text-rose-950">{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed text-stone-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}
