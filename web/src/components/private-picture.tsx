import { useState, type ImgHTMLAttributes } from 'react';
import { refreshAfterUnauthorized } from '../lib/api';

/** What {@link PrivatePicture} takes: an `<img>`'s attributes, with its `src` required. */
type PrivatePictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string };

/**
 * A customer's own picture (a reference picture or a photo of her finished garment): a plain
 * same-origin `<img>`, which the browser sends with her access-token cookie; the server answers it
 * only to her and to admins, 404 to anyone else (docs/security.md#private-pictures).
 * The access token lives 15 minutes, so a picture loaded late (`loading="lazy"`, a page left
 * open) may be refused although she is still signed in: on the first error it joins the one
 * shared token refresh of the API client and, if that worked, loads the picture once more (a
 * query string the server ignores makes it a new request). A second error leaves the browser's
 * broken-picture box.
 */
export function PrivatePicture({ src, alt, ...rest }: PrivatePictureProps) {
  const [retried, setRetried] = useState(false);
  const [failedOnce, setFailedOnce] = useState(false);
  const onError = () => {
    if (failedOnce) return;
    setFailedOnce(true);
    void refreshAfterUnauthorized().then((refreshed) => {
      if (refreshed) setRetried(true);
    });
  };
  return <img {...rest} key={retried ? 'retried' : 'first'} src={retried ? `${src}?retry=1` : src} alt={alt} onError={onError} />;
}
