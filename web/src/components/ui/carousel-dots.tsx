/** Props of carousel dots. */
export interface CarouselDotsProps {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  /** Accessible name of dot `index` (0-based), e.g. 'Show picture 2'. */
  labelFor: (index: number) => string;
  /** Light dots for a dark background (full-screen viewer). */
  tone?: 'dark' | 'light';
}

/** One button per slide; the current one is wider and marked `aria-current`. */
export function CarouselDots({ count, selected, onSelect, labelFor, tone = 'dark' }: CarouselDotsProps) {
  if (count < 2) return null;
  const idle = tone === 'dark' ? 'bg-rose-900/25' : 'bg-white/50';
  const active = tone === 'dark' ? 'bg-rose-800' : 'bg-white';
  return (
    <div className="flex justify-center gap-1">
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          onClick={() => onSelect(index)}
          aria-label={labelFor(index)}
          aria-current={index === selected ? 'true' : undefined}
          className="grid h-6 min-w-6 place-items-center rounded-full focus-visible:outline-3 focus-visible:outline-rose-600"
        >
          <span className={`block h-2 rounded-full transition-all ${index === selected ? `w-5 ${active}` : `w-2 ${idle}`}`} />
        </button>
      ))}
    </div>
  );
}
