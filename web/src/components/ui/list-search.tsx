import { PAGE_LIMITS } from '@thaiyal/contract/paging';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../../i18n';
import pagingEnglish from '../../i18n/en-paging.json';
import { Button } from './button';
import { CloseIcon, SearchIcon } from './icons';

addEnglish(pagingEnglish);

/** Props of {@link ListSearch}. */
export interface ListSearchProps {
  /** The field's visible label, e.g. `Find an order`; also names the search landmark. */
  label: string;
  /** What can be searched for, e.g. `Order number, phone, name or e-mail`. */
  hint: string;
  /** The search in force (from the address), '' for none. */
  value: string;
  /** Called with the trimmed text when the search is sent (Enter or `Search`), '' when cleared. */
  onSearch: (text: string) => void;
}

/**
 * The search box of a list by page (docs/product.md#lists-by-page): one field and `Search`; the
 * search is sent on Enter or the button, in one step, not letter by letter (each search asks the
 * server for a first page, so typing a phone number must not send ten). `Clear search` shows
 * while a search is in force. The field holds at most {@link PAGE_LIMITS.maxSearchLength}
 * characters, the server's limit, so the server's `Search for at most 100 characters` never
 * comes. The text follows `value` when the address changes (a tab switch, Back).
 */
export function ListSearch({ label, hint, value, onSearch }: ListSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  // The address changed under the field (another tab, Back): show its search. Adjusted while
  // rendering, as React advises for state that follows a prop, not in an effect.
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setText(value);
  }

  return (
    <form
      role="search"
      aria-label={label}
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={text}
          maxLength={PAGE_LIMITS.maxSearchLength}
          placeholder={hint}
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus-visible:border-rose-700 focus-visible:outline-3 focus-visible:outline-rose-700/40"
        />
        <Button type="submit" className="shrink-0 px-4!">
          <SearchIcon width={18} height={18} aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('paging.search')}</span>
        </Button>
        {value !== '' && (
          <Button
            variant="secondary"
            className="shrink-0 px-4!"
            aria-label={t('paging.clearSearch')}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            <CloseIcon width={18} height={18} aria-hidden="true" />
          </Button>
        )}
      </div>
    </form>
  );
}
