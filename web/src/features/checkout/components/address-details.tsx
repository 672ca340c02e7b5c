import type { Address } from '@thaiyal/contract';
import { useTranslation } from 'react-i18next';
import { addEnglish } from '../../../i18n';
import areaEnglish from '../../../i18n/en-area.json';
import { placeName } from '../../../lib/places';

addEnglish(areaEnglish);

/**
 * A saved address, read-only (docs/product.md#confirm-address): name, phone, door number, street,
 * city, state and pin code as labelled rows, then the landmark and alternate phone when given.
 */
export function AddressDetails({ address }: { address: Address }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('address.name'), address.name],
    [t('address.phoneNumber'), address.phoneNumber],
    [t('address.doorNumber'), address.doorNumber],
    [t('address.street'), address.street],
    [t('address.city'), placeName(address.city, t)],
    [t('address.state'), placeName(address.state, t)],
    [t('address.pinCode'), address.pinCode],
  ];
  // docs/product.md#address: the optional landmark and alternate phone, when given.
  if (address.landmark) rows.push([t('address.landmark'), address.landmark]);
  if (address.alternatePhone) rows.push([t('address.alternatePhone'), address.alternatePhone]);
  return (
    <dl className="grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-rose-900/10">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-stone-600">{label}</dt>
          <dd className="break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
