import type { ContactMessage } from '@thaiyal/contract';
import { formatShopTime } from '@thaiyal/contract/limits';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/ui/list-search';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { allRows } from '../../../lib/paged';
import { useSearchParam } from '../../../lib/search-param';
import { useContactMessages } from '../api/contact-messages';

/**
 * The admin dashboard's Messages tab (docs/product.md#contact): the contact-form messages, newest
 * first (`GET /api/contact`), a page at a time: the next as the owner scrolls to the end or
 * presses `Load more`, older ones included (docs/product.md#lists-by-page). Each with the
 * sender's name, e-mail and phone as links to answer them, when it was sent and what it says.
 * The search box (`?q=` in the address) finds a message by name, e-mail, phone or its words.
 * 'No messages yet' when there are none.
 */
export function ContactMessages() {
  const { t } = useTranslation();
  const [q, setQ] = useSearchParam('q');
  const search = q ?? '';
  const messages = useContactMessages(search);

  return (
    <section aria-labelledby="contact-messages-heading" className="space-y-4">
      <h2 id="contact-messages-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('contact.messages.heading')}
      </h2>
      <ListSearch
        label={t('contact.messages.searchLabel')}
        hint={t('contact.messages.searchHint')}
        value={search}
        onSearch={(text) => setQ(text === '' ? null : text)}
      />
      <QueryState
        query={messages}
        failed={t('contact.messages.loadFailed')}
        retry={t('contact.messages.retry')}
        empty={search === '' ? t('contact.messages.empty') : t('paging.noMatch', { q: search })}
        isEmpty={(data) => data.pages.every((page) => page.messages.length === 0)}
      >
        {(data) => {
          const list = allRows(data, (page) => page.messages);
          return (
            <>
              <ul
                className={`space-y-4 ${messages.isPlaceholderData ? 'opacity-60' : ''}`}
                aria-busy={messages.isPlaceholderData || undefined}
              >
                {list.map((message) => (
                  <li key={message._id}>
                    <MessageCard message={message} />
                  </li>
                ))}
              </ul>
              {!messages.isPlaceholderData && <LoadMore query={messages} shown={list.length} />}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const { t, i18n } = useTranslation();
  const headingId = `contact-message-${message._id}`;
  return (
    <article aria-labelledby={headingId} className="user-text space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-semibold text-rose-950">
          {message.name}
        </h3>
        <p className="text-sm text-stone-600">
          <time dateTime={message.createdAt}>{formatShopTime(message.createdAt, i18n.resolvedLanguage)}</time>
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('contact.messages.email')}</dt>
        <dd>
          <a
            href={`mailto:${message.email}`}
            className="break-all text-rose-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-rose-700"
          >
            {message.email}
          </a>
        </dd>
        <dt className="text-stone-600">{t('contact.messages.phone')}</dt>
        <dd>
          <a
            href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}
            className="text-rose-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-rose-700"
          >
            {message.phone}
          </a>
        </dd>
      </dl>
      <p className="whitespace-pre-line text-stone-900">{message.message}</p>
    </article>
  );
}
