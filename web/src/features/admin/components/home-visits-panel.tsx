import type { VisitSettings, VisitSettingsBody } from '@thaiyal/contract';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { TextField } from '../../../components/ui/text-field';
import { useSaveVisitSettings, useVisitSettings } from '../api/home-visits';
import { serverMessageOr } from './admin-text';

/** One slot being edited; capacity as typed. */
interface SlotDraft {
  /** The server's id; absent for a slot added here. */
  id?: string | undefined;
  /** A key for React, stable while the slot is edited. */
  key: string;
  label: string;
  start: string;
  end: string;
  capacity: string;
}

interface Draft {
  slots: SlotDraft[];
  closedWeekdays: number[];
  closedDates: { date: string; note: string }[];
}

let nextKey = 0;
const newKey = () => `slot-${++nextKey}`;

function draftOf(settings: VisitSettings): Draft {
  return {
    slots: settings.slots.map((slot) => ({ ...slot, key: slot.id, capacity: String(slot.capacity) })),
    closedWeekdays: [...settings.closedWeekdays],
    closedDates: settings.closedDates.map((entry) => ({ ...entry })),
  };
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * The Visit times tab (docs/product.md#admin-dashboard, docs/product.md#home-visit-slot): the
 * visit slots (name, start, end, visits each takes), the weekdays the tailor never visits and
 * the closed dates (festival days) with a note, saved together with `PUT /api/admin/visit-slots`;
 * shoppers' slot lists follow at once. The server's message says what to fix; nothing typed is
 * lost on a refusal.
 */
export function HomeVisitsPanel() {
  const { t } = useTranslation();
  const settings = useVisitSettings();
  return (
    <section aria-labelledby="admin-visits-heading" className="space-y-4">
      <h2 id="admin-visits-heading" className="font-serif text-xl font-semibold text-rose-950">
        {t('admin.visits.heading')}
      </h2>
      <p className="text-sm text-stone-700">{t('admin.visits.intro')}</p>
      <QueryState query={settings} failed={t('admin.loadFailed')} retry={t('admin.retry')}>
        {(data) => <VisitSettingsForm key={settings.dataUpdatedAt} settings={data} />}
      </QueryState>
    </section>
  );
}

/** The settings as typed, the date being added, and the ways to change them. */
interface VisitDraft {
  draft: Draft;
  /** The closed date being typed, not yet added to the list. */
  newDate: { date: string; note: string };
  setNewDate: (change: Partial<{ date: string; note: string }>) => void;
  setSlot: (key: string, change: Partial<SlotDraft>) => void;
  /** A new slot, 10:00 to 13:00 for 3 visits, to be edited. */
  addSlot: () => void;
  removeSlot: (key: string) => void;
  toggleWeekday: (day: number) => void;
  /** Adds the typed date to the closed dates (replacing one on the same day), in date order. */
  addDate: () => void;
  /** Takes a date out of the closed dates. */
  openDate: (date: string) => void;
  /** The whole setting as `PUT /api/admin/visit-slots` takes it. */
  body: () => VisitSettingsBody;
}

/** The Visit times form's state, from the saved `settings`. */
function useVisitDraft(settings: VisitSettings): VisitDraft {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [newDate, setNewDateState] = useState({ date: '', note: '' });
  return {
    draft,
    newDate,
    setNewDate: (change) => setNewDateState((current) => ({ ...current, ...change })),
    setSlot: (key, change) =>
      setDraft((current) => ({ ...current, slots: current.slots.map((slot) => (slot.key === key ? { ...slot, ...change } : slot)) })),
    addSlot: () =>
      setDraft((current) => ({
        ...current,
        slots: [...current.slots, { key: newKey(), label: '', start: '10:00', end: '13:00', capacity: '3' }],
      })),
    removeSlot: (key) => setDraft((current) => ({ ...current, slots: current.slots.filter((other) => other.key !== key) })),
    toggleWeekday: (day) =>
      setDraft((current) => ({
        ...current,
        closedWeekdays: current.closedWeekdays.includes(day)
          ? current.closedWeekdays.filter((closed) => closed !== day)
          : [...current.closedWeekdays, day].sort(),
      })),
    addDate: () => {
      if (!newDate.date) return;
      setDraft((current) => ({
        ...current,
        closedDates: [...current.closedDates.filter((entry) => entry.date !== newDate.date), { ...newDate }].sort((a, b) =>
          a.date.localeCompare(b.date),
        ),
      }));
      setNewDateState({ date: '', note: '' });
    },
    openDate: (date) => setDraft((current) => ({ ...current, closedDates: current.closedDates.filter((other) => other.date !== date) })),
    body: () => ({
      slots: draft.slots.map((slot) => ({
        ...(slot.id ? { id: slot.id } : {}),
        label: slot.label,
        start: slot.start,
        end: slot.end,
        capacity: slot.capacity.trim() === '' ? Number.NaN : Number(slot.capacity),
      })),
      closedWeekdays: draft.closedWeekdays,
      // A date typed but not yet added is closed too: the admin pressed Save meaning it.
      closedDates: newDate.date ? [...draft.closedDates.filter((entry) => entry.date !== newDate.date), newDate] : draft.closedDates,
    }),
  };
}

const cardClass = 'space-y-3 rounded-xl bg-white p-4 shadow-sm';
const legendClass = 'float-left mb-2 w-full font-semibold text-rose-950';

/** The three parts of the setting and Save; a refusal shows the server's message above Save, everything typed kept. */
function VisitSettingsForm({ settings }: { settings: VisitSettings }) {
  const { t } = useTranslation();
  const save = useSaveVisitSettings();
  const visits = useVisitDraft(settings);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(visits.body(), { onSuccess: () => toast.success(t('admin.visits.saved')) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <SlotsFieldset visits={visits} />
      <ClosedWeekdaysFieldset closed={visits.draft.closedWeekdays} onToggle={visits.toggleWeekday} />
      <ClosedDatesFieldset visits={visits} />
      {save.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {serverMessageOr(save.error, t('admin.visits.saveFailed'), t)}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('admin.visits.saving') : t('admin.visits.save')}
      </Button>
    </form>
  );
}

/** The visit slots, each with its name, start, end and the visits it takes, and Add a slot. */
function SlotsFieldset({ visits }: { visits: VisitDraft }) {
  const { t } = useTranslation();
  return (
    <fieldset className={cardClass}>
      <legend className={legendClass}>{t('admin.visits.slots')}</legend>
      <ul className="clear-both space-y-3">
        {visits.draft.slots.map((slot, index) => (
          <SlotRow key={slot.key} slot={slot} number={index + 1} visits={visits} />
        ))}
      </ul>
      <Button variant="secondary" className="text-sm" onClick={visits.addSlot}>
        {t('admin.visits.addSlot')}
      </Button>
    </fieldset>
  );
}

/** One slot's fields and its Remove button, named 'Slot n'. */
function SlotRow({ slot, number, visits }: { slot: SlotDraft; number: number; visits: VisitDraft }) {
  const { t } = useTranslation();
  return (
    <li
      aria-label={t('admin.visits.slotNumber', { number })}
      className="grid grid-cols-2 gap-3 border-b border-stone-200 pb-3 sm:grid-cols-5 sm:items-end"
    >
      <TextField
        label={t('admin.visits.label')}
        value={slot.label}
        maxLength={60}
        placeholder={`${slot.start}-${slot.end}`}
        onChange={(event) => visits.setSlot(slot.key, { label: event.target.value })}
        className="col-span-2 sm:col-span-1"
      />
      <TextField
        label={t('admin.visits.start')}
        type="time"
        value={slot.start}
        onChange={(event) => visits.setSlot(slot.key, { start: event.target.value })}
      />
      <TextField
        label={t('admin.visits.end')}
        type="time"
        value={slot.end}
        onChange={(event) => visits.setSlot(slot.key, { end: event.target.value })}
      />
      <TextField
        label={t('admin.visits.capacity')}
        inputMode="numeric"
        value={slot.capacity}
        maxLength={3}
        onChange={(event) => visits.setSlot(slot.key, { capacity: event.target.value })}
      />
      <Button variant="secondary" className="self-end px-3! py-2! text-sm" onClick={() => visits.removeSlot(slot.key)}>
        {t('admin.visits.removeSlot')}
      </Button>
    </li>
  );
}

/** The weekdays the tailor never visits, one checkbox each. */
function ClosedWeekdaysFieldset({ closed, onToggle }: { closed: number[]; onToggle: (day: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={cardClass}>
      <legend className={legendClass}>{t('admin.visits.closedWeekdays')}</legend>
      <div className="clear-both flex flex-wrap gap-x-4 gap-y-2">
        {WEEKDAYS.map((day) => (
          <Checkbox
            key={day}
            className="text-sm"
            label={t(`admin.visits.weekdays.${day}`)}
            checked={closed.includes(day)}
            onChange={() => onToggle(day)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The closed dates with their notes, each with Open, and the date and note to close another. */
function ClosedDatesFieldset({ visits }: { visits: VisitDraft }) {
  const { t } = useTranslation();
  const { draft, newDate } = visits;
  return (
    <fieldset className={cardClass}>
      <legend className={legendClass}>{t('admin.visits.closedDates')}</legend>
      {draft.closedDates.length === 0 ? (
        <p className="clear-both text-sm text-stone-600">{t('admin.visits.noClosedDates')}</p>
      ) : (
        <ul className="clear-both space-y-2">
          {draft.closedDates.map((entry) => (
            <li key={entry.date} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-stone-900">{entry.date}</span>
              <span className="min-w-0 flex-1 break-words text-stone-700">{entry.note}</span>
              <Button
                variant="secondary"
                className="px-3! py-1! text-sm"
                aria-label={t('admin.visits.openDateNamed', { date: entry.date })}
                onClick={() => visits.openDate(entry.date)}
              >
                {t('admin.visits.openDate')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <TextField
          label={t('admin.visits.date')}
          type="date"
          value={newDate.date}
          onChange={(event) => visits.setNewDate({ date: event.target.value })}
        />
        <TextField
          label={t('admin.visits.note')}
          value={newDate.note}
          maxLength={60}
          placeholder={t('admin.visits.notePlaceholder')}
          onChange={(event) => visits.setNewDate({ note: event.target.value })}
        />
        <Button variant="secondary" className="text-sm" disabled={!newDate.date} onClick={visits.addDate}>
          {t('admin.visits.closeDate')}
        </Button>
      </div>
    </fieldset>
  );
}
