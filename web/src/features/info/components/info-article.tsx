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
  | 'contact';

/**
 * One information page (docs/product.md#screens static pages, /delivery): its heading and paragraphs from
 * `info.<key>.title` and `info.<key>.body` (a list), in the shopper's language. `children`
 * go below the text (e.g. contact links).
 */
export function InfoArticle({ infoKey, children }: { infoKey: InfoKey; children?: ReactNode }) {
  const { t } = useTranslation();
  const body = t(`info.${infoKey}.body`, { returnObjects: true }) as unknown;
  const paragraphs = Array.isArray(body) ? (body as string[]) : [String(body)];
  return (
    <article className="mx-auto max-w-2xl space-y-4 py-6">
      <h1 className="font-serif text-2xl font-semibold wrap-break-word text-rose-950 sm:text-3xl">{t(`info.${infoKey}.title`)}</h1>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="leading-relaxed text-stone-700">
          {paragraph}
        </p>
      ))}
      {children}
    </article>
  );
}
