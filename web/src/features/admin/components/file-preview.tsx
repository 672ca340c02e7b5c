import { useCallback } from 'react';

/**
 * A preview of a chosen file. The object URL lives exactly as long as the `<img>` shows this
 * file: made when React attaches the element, revoked by the ref's cleanup.
 */
export function FilePreview({ file, alt, className = '' }: { file: File; alt: string; className?: string }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} alt={alt} className={`rounded-md bg-rose-50 object-cover ${className}`} />;
}
