import type { MeasurementProfile } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { PageHeading } from '../../components/ui/page-heading';
import { PageTitle } from '../../components/ui/page-title';
import { QueryState } from '../../components/ui/query-state';
import { useDeleteProfile, useProfiles, useSaveProfile, type ProfileInput } from '../../features/measurements/api/profiles';
import { ProfileForm } from '../../features/measurements/components/profile-form';
import { CompareVersions, ProfileVersionLine } from '../../features/measurements/components/profile-versions';
import { addEnglish } from '../../i18n';
import measurementsEnglish from '../../i18n/en-measurements.json';
import { paths } from '../../lib/paths';
import { serverMessage } from '../../lib/server-message';
import { Guard } from '../guards';

addEnglish(measurementsEnglish);

/**
 * /measurements (docs/product.md#measurement-profiles), signed-in only: the shopper's named
 * measurement profiles, with create, edit and delete (after a question), at most
 * `LIMITS.maxMeasurementProfiles` (the Add button says so when reached). Saving a profile shows
 * the page from its top; reached from checkout (`?returnTo=/placeorder`), it offers `Back to your
 * order` and a saved profile leads back there. Its own lazily loaded chunk, with its English strings.
 */
export function MeasurementsPage() {
  return (
    <Guard rule="user">
      <MeasurementsContent />
    </Guard>
  );
}

/** Which form is open: none, a new profile, or one profile by id. */
type Editing = null | 'new' | string;

/** The steps that may send her here and get her back (`?returnTo=`): only the checkout's, so the link leads nowhere else. */
const RETURN_PAGES: ReadonlySet<string> = new Set([paths.placeorder]);

/** The page she came from to add or change a profile (`?returnTo=/placeorder`), or null for none or any other. */
function useReturnTo(): string | null {
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  return returnTo !== null && RETURN_PAGES.has(returnTo) ? returnTo : null;
}

function MeasurementsContent() {
  const { t } = useTranslation();
  const profiles = useProfiles();
  const save = useSaveProfile();
  const remove = useDeleteProfile();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MeasurementProfile | null>(null);
  const returnTo = useReturnTo();
  const navigate = useNavigate();
  const list = profiles.data ?? [];
  const full = list.length >= LIMITS.maxMeasurementProfiles;
  const editedProfile = editing && editing !== 'new' ? list.find((profile) => profile._id === editing) : undefined;

  const open = (next: Editing) => {
    save.reset();
    setEditing(next);
  };

  const onSave = (input: ProfileInput) => {
    save.mutate(input, {
      onSuccess: () => {
        toast.success(t('measurements.saved'));
        setEditing(null);
        // The form closes and the page shrinks: without this she would be left looking at the
        // footer. From checkout she goes back to the step she came from, at its top.
        window.scrollTo(0, 0);
        if (returnTo) void navigate(returnTo);
      },
    });
  };

  const confirmDelete = (profile: MeasurementProfile) => {
    setDeleting(null);
    remove.mutate(profile._id, {
      onSuccess: () => {
        toast.success(t('measurements.deleted'));
        if (editing === profile._id) setEditing(null);
      },
      onError: (error) => toast.error(serverMessage(error, t) ?? t('measurements.deleteFailed')),
    });
  };

  return (
    <>
      <PageTitle title={t('measurements.title')} />
      {returnTo && (
        <Link to={returnTo} className="mb-2 inline-block text-sm text-rose-900 underline">
          {t('measurements.backToOrder')}
        </Link>
      )}
      <PageHeading sub={t('measurements.sub')}>{t('measurements.title')}</PageHeading>
      <QueryState query={profiles} alert failed={t('measurements.loadFailed')} retry={t('measurements.retry')}>
        {() => (
          <div className="space-y-6">
            {list.length === 0 ? (
              <p role="status" className="rounded-xl bg-white/60 px-4 py-6 text-center text-stone-600">
                {t('measurements.empty')}
              </p>
            ) : (
              <ul aria-label={t('measurements.listLabel')} className="grid gap-3 sm:grid-cols-2">
                {list.map((profile) => (
                  <li key={profile._id} className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 shadow-sm">
                    <div className="min-w-0 flex-1 basis-40">
                      <p className="font-semibold break-words text-rose-950">{profile.name}</p>
                      <p className="text-sm text-stone-600">
                        {t('measurements.count', { count: Object.keys(profile.measurements).length })}
                      </p>
                      <ProfileVersionLine profile={profile} now={new Date()} />
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        className="px-4! py-1.5! text-sm"
                        aria-label={t('measurements.editNamed', { name: profile.name })}
                        onClick={() => open(profile._id)}
                      >
                        {t('measurements.edit')}
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-4! py-1.5! text-sm"
                        aria-label={t('measurements.deleteNamed', { name: profile.name })}
                        disabled={remove.isPending && remove.variables === profile._id}
                        onClick={() => setDeleting(profile)}
                      >
                        {t('measurements.delete')}
                      </Button>
                    </div>
                    <CompareVersions profile={profile} />
                  </li>
                ))}
              </ul>
            )}
            {editing === null && (
              <div className="space-y-2">
                <Button onClick={() => open('new')} disabled={full}>
                  {t('measurements.add')}
                </Button>
                {full && (
                  <p role="status" className="text-sm text-stone-700">
                    {t('measurements.limitReached', { max: LIMITS.maxMeasurementProfiles })}
                  </p>
                )}
              </div>
            )}
            {editing !== null && (
              <ProfileForm
                key={editing}
                profile={editedProfile}
                onSave={onSave}
                onCancel={() => setEditing(null)}
                pending={save.isPending}
                serverError={save.isError ? (serverMessage(save.error, t) ?? t('measurements.saveFailed')) : undefined}
              />
            )}
          </div>
        )}
      </QueryState>
      {deleting && <DeleteQuestion profile={deleting} onYes={() => confirmDelete(deleting)} onNo={() => setDeleting(null)} />}
    </>
  );
}

/** "Delete this profile?" with Keep focused first, so a stray Enter deletes nothing. */
function DeleteQuestion({ profile, onYes, onNo }: { profile: MeasurementProfile; onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalDialog labelledBy={titleId} describedBy={bodyId} onDismiss={onNo}>
      <div className="space-y-4">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-rose-950">
          {t('measurements.deleteTitle')}
        </h2>
        <p id={bodyId} className="text-stone-700">
          {t('measurements.deleteBody', { name: profile.name })}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={onNo}>
            {t('measurements.keep')}
          </Button>
          <Button onClick={onYes}>{t('measurements.deleteYes')}</Button>
        </div>
      </div>
    </ModalDialog>
  );
}
