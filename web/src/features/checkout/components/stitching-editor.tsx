import type { Fabric, MeasurementProfile } from '@thaiyal/contract';
import { LIMITS } from '@thaiyal/contract/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PicturePicker, usePictureUpload } from '../../../components/picture-picker';
import { Checkbox } from '../../../components/ui/checkbox';
import { ChoiceCard } from '../../../components/ui/choice-card';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { addEnglish } from '../../../i18n';
import tailoringEnglish from '../../../i18n/en-tailoring.json';
import { uploadReferencePicture } from '../api/tailoring';
import { addLinePicture, lineFabric, startPictureUpload, updateLine, type LineDraft } from '../checkout-draft';

addEnglish(tailoringEnglish);

/** Props of one line's stitching details. */
export interface StitchingEditorProps {
  productId: string;
  productName: string;
  line: LineDraft;
  /** The shopper's measurement profiles (none while loading or when she has none). */
  profiles: readonly MeasurementProfile[];
  /** Whether the product offers the shop's fabric (its price includes the fabric). */
  offersShopFabric: boolean;
  /** Where the shopper keeps her measurement profiles. */
  profilesHref: string;
}

/**
 * One cart line's stitching details at checkout (docs/product.md#stitching-details): for whom (a
 * profile, or "measure at the home visit"), fabric (the shop's only where the product offers it),
 * lining, notes (at most 500 characters) and up to 3 reference pictures with previews, each
 * uploaded at once (`POST /api/orders/reference-pictures`). Every change is kept in the checkout
 * draft (sessionStorage), so a failed request or a reload loses nothing.
 */
export function StitchingEditor({ productId, productName, line, profiles, offersShopFabric, profilesHref }: StitchingEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const change = (patch: Partial<LineDraft>) => updateLine(productId, patch);
  return (
    <fieldset className="mt-2 min-w-0 space-y-3 border-t border-rose-900/10 pt-3" data-testid={`stitching-${productId}`}>
      <legend className="sr-only">
        {t('tailoring.stitchingHeading')}: {productName}
      </legend>
      <p className="text-sm font-semibold text-rose-950" aria-hidden>
        {t('tailoring.stitchingHeading')}
      </p>
      <ProfileChoice id={`${id}-who`} profileId={line.profileId} profiles={profiles} profilesHref={profilesHref} onChange={change} />
      <FabricChoice
        name={`${id}-fabric`}
        fabric={lineFabric(line, offersShopFabric)}
        offersShopFabric={offersShopFabric}
        onChange={change}
      />
      <Checkbox label={t('tailoring.lining')} checked={line.lining} onChange={(event) => change({ lining: event.target.checked })} />
      <div>
        <TextArea
          label={t('tailoring.notes')}
          rows={3}
          maxLength={LIMITS.maxStitchingNotesLength}
          value={line.notes}
          onChange={(event) => change({ notes: event.target.value })}
        />
        <p className="text-xs text-stone-600">
          {t('tailoring.notesHint', { count: line.notes.length, max: LIMITS.maxStitchingNotesLength })}
        </p>
      </div>
      <ReferencePictures productId={productId} pictures={line.pictures} onChange={change} />
    </fieldset>
  );
}

/** For whom: one of her measurement profiles, or "measure at the home visit"; and a link to her profiles. */
function ProfileChoice({
  id,
  profileId,
  profiles,
  profilesHref,
  onChange,
}: {
  id: string;
  profileId: string | null;
  profiles: readonly MeasurementProfile[];
  profilesHref: string;
  onChange: (patch: Partial<LineDraft>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t('tailoring.forWhom')}
      </label>
      <Select id={id} value={profileId ?? ''} onChange={(event) => onChange({ profileId: event.target.value || null })}>
        <option value="">{t('tailoring.atVisit')}</option>
        {profiles.map((profile) => (
          <option key={profile._id} value={profile._id}>
            {profile.name}
          </option>
        ))}
      </Select>
      <a href={profilesHref} className="inline-flex min-h-11 items-center text-sm text-rose-900 underline">
        {t('tailoring.manageProfiles')}
      </a>
    </div>
  );
}

/**
 * Her own fabric, or the shop's where the product offers it (first, since the price pays for it),
 * as cards; `fabric` is the one in force ({@link lineFabric}).
 */
function FabricChoice({
  name,
  fabric,
  offersShopFabric,
  onChange,
}: {
  name: string;
  fabric: Fabric;
  offersShopFabric: boolean;
  onChange: (patch: Partial<LineDraft>) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">{t('tailoring.fabric')}</legend>
      {offersShopFabric && (
        <ChoiceCard
          name={name}
          checked={fabric === 'shop'}
          onChange={() => onChange({ fabric: 'shop' })}
          label={t('tailoring.fabricShop')}
          description={t('tailoring.fabricShopHint')}
        />
      )}
      <ChoiceCard
        name={name}
        checked={fabric === 'own'}
        onChange={() => onChange({ fabric: 'own' })}
        label={t('tailoring.fabricOwn')}
        description={t('tailoring.fabricOwnHint')}
      />
    </fieldset>
  );
}

/**
 * Up to 3 reference pictures with previews, each removable, and the picker while there is room
 * (components/picture-picker.tsx), each uploaded at once (`POST /api/orders/reference-pictures`)
 * and added to the line.
 */
function ReferencePictures({
  productId,
  pictures,
  onChange,
}: {
  productId: string;
  pictures: LineDraft['pictures'];
  onChange: (patch: Partial<LineDraft>) => void;
}) {
  const { t } = useTranslation();
  // Counted as uploading meanwhile (startPictureUpload), so the garments step waits for it.
  const upload = usePictureUpload({
    count: pictures.length,
    upload: uploadReferencePicture,
    onUploaded: (picture) => addLinePicture(productId, picture),
    track: startPictureUpload,
  });

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-stone-800">{t('tailoring.pictures')}</p>
      <p className="text-xs text-stone-600">{t('tailoring.picturesHint', { max: LIMITS.maxStitchingPictures })}</p>
      <PicturePicker
        pictures={pictures}
        onRemove={(id) => onChange({ pictures: pictures.filter((one) => one.id !== id) })}
        upload={upload}
        inputTestId={`picture-input-${productId}`}
      />
    </div>
  );
}
