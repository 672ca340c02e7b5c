import { LIMITS } from '@thaiyal/contract/limits';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditedPicture } from '../api/update-product';
import { FilePreview } from './file-preview';
import { FileField } from './form-fields';
import { ImageFileSchema } from './image-file-schema';
import { Thumb } from './thumb';

/** A picture in the form: kept from the product (its URL) or newly chosen (a file), with a stable key. */
type Picture = EditedPicture & { key: string };

let pictureCounter = 0;

/** The edited product's pictures, what the form says about them, and the ways to change them. */
export interface PictureList {
  /** The pictures in the order they will be shown. */
  list: Picture[];
  /** Whether they differ from the product's (then the edit goes as multipart). */
  changed: boolean;
  /** The pictures as `PATCH /api/product/:id` takes them, without their keys. */
  edited: () => EditedPicture[];
  /** What the form says about the pictures (a refused file, too many, none left); null for nothing. */
  note: string | null;
  setNote: (note: string | null) => void;
  /** Changes after every pick, so the file input starts empty again. */
  fileInputKey: number;
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Moves the picture at `index` one place left (-1) or right (1). */
  move: (index: number, by: -1 | 1) => void;
  remove: (index: number) => void;
}

/**
 * The pictures of a product being edited (docs/product.md#editing-a-product: 1 to 6), starting
 * from its `images` (URLs). Files picked are checked with the create form's rules (a picture
 * type, its size); past 6 the rest are left out and the form says so.
 */
export function usePictureList(images: string[]): PictureList {
  const { t } = useTranslation();
  const [list, setList] = useState<Picture[]>(() => images.map((url) => ({ url, key: url })));
  const [note, setNote] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    setFileInputKey((key) => key + 1);
    const room = LIMITS.maxProductImages - list.length;
    const refused = chosen.find((file) => !ImageFileSchema.safeParse(file).success);
    if (refused) {
      setNote(t(ImageFileSchema.safeParse(refused).error?.issues[0]?.message ?? 'admin.imageType'));
      return;
    }
    setNote(chosen.length > room ? t('admin.edit.tooMany', { max: LIMITS.maxProductImages }) : null);
    const added = chosen.slice(0, Math.max(0, room)).map((file) => ({ file, key: `new-${(pictureCounter += 1)}` }));
    setList((pictures) => [...pictures, ...added]);
  };

  const move = (index: number, by: -1 | 1) =>
    setList((pictures) => {
      const next = [...pictures];
      const [picture] = next.splice(index, 1);
      next.splice(index + by, 0, picture!);
      return next;
    });

  const remove = (index: number) => {
    setNote(null);
    setList((pictures) => pictures.filter((_, at) => at !== index));
  };

  const changed = list.length !== images.length || list.some((picture, index) => !('url' in picture) || picture.url !== images[index]);
  const edited = () => list.map(({ key: _key, ...picture }) => picture);
  return { list, changed, edited, note, setNote, fileInputKey, onFiles, move, remove };
}

const pictureButton =
  'inline-flex size-9 items-center justify-center rounded-full bg-white text-rose-900 ring-1 ring-rose-800/40 hover:bg-rose-50 focus-visible:outline-3 focus-visible:outline-rose-700 disabled:opacity-40';

/**
 * 'Pictures (n of 6)': each picture with its preview and buttons to move it left or right and
 * to remove it, the file picker while there is room, and the form's note about the pictures.
 */
export function PicturesEditor({ headingId, pictures }: { headingId: string; pictures: PictureList }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-medium text-stone-800">
        {t('admin.edit.pictures', { count: pictures.list.length, max: LIMITS.maxProductImages })}
      </h3>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {pictures.list.map((picture, index) => (
          <PictureTile key={picture.key} picture={picture} index={index} count={pictures.list.length} pictures={pictures} />
        ))}
      </ol>
      {pictures.list.length < LIMITS.maxProductImages && (
        <FileField
          key={pictures.fileInputKey}
          label={t('admin.edit.addPictures')}
          hint={t('admin.product.imagesHint', { max: LIMITS.maxProductImages })}
          accept="image/*"
          multiple
          onChange={pictures.onFiles}
        />
      )}
      {pictures.note && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          {pictures.note}
        </p>
      )}
    </section>
  );
}

/** One picture: its preview (the product's picture, or the picked file) and its move and remove buttons. */
function PictureTile({ picture, index, count, pictures }: { picture: Picture; index: number; count: number; pictures: PictureList }) {
  const { t } = useTranslation();
  const alt = t('admin.edit.pictureAlt', { index: index + 1 });
  return (
    <li className="space-y-1">
      {'url' in picture ? (
        <Thumb url={picture.url} alt={alt} className="w-full" />
      ) : (
        <FilePreview file={picture.file} alt={alt} className="aspect-[3/4] w-full" />
      )}
      <div className="flex justify-center gap-1.5">
        <button
          type="button"
          className={pictureButton}
          disabled={index === 0}
          aria-label={t('admin.edit.moveLeft', { index: index + 1 })}
          onClick={() => pictures.move(index, -1)}
        >
          <span aria-hidden="true">←</span>
        </button>
        <button
          type="button"
          className={pictureButton}
          disabled={index === count - 1}
          aria-label={t('admin.edit.moveRight', { index: index + 1 })}
          onClick={() => pictures.move(index, 1)}
        >
          <span aria-hidden="true">→</span>
        </button>
        <button
          type="button"
          className={pictureButton}
          aria-label={t('admin.edit.removePicture', { index: index + 1 })}
          onClick={() => pictures.remove(index)}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </li>
  );
}
