import type { MeasurementKey } from '@thaiyal/contract';

/** How a measurement is taken: around the body, across it, down it, or a neckline's depth. */
type HintKind = 'round' | 'across' | 'down' | 'neck';

const KIND: Record<MeasurementKey, HintKind> = {
  bust: 'round',
  underBust: 'round',
  waist: 'round',
  shoulder: 'across',
  armhole: 'round',
  sleeveLength: 'down',
  sleeveRound: 'round',
  frontLength: 'down',
  backLength: 'down',
  frontNeckDepth: 'neck',
  backNeckDepth: 'neck',
  topLength: 'down',
  chest: 'round',
  hip: 'round',
  pantLength: 'down',
  thigh: 'round',
  knee: 'round',
  ankleRound: 'round',
};

/**
 * A small picture of how a measurement is taken (docs/product.md#measurement-profiles): the tape
 * around the body, across the shoulders, down a length, or down from the neck. Decorative: the
 * sentence beside it says where to measure.
 */
export function MeasureHintIcon({ field }: { field: MeasurementKey }) {
  const kind = KIND[field];
  return (
    <svg
      viewBox="0 0 32 32"
      width={28}
      height={28}
      aria-hidden="true"
      className="shrink-0 text-rose-800"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
    >
      {kind === 'round' && (
        <>
          <path d="M10 4v24M22 4v24" strokeOpacity={0.35} />
          <ellipse cx={16} cy={16} rx={9} ry={3.5} strokeDasharray="2.5 1.5" />
        </>
      )}
      {kind === 'across' && (
        <>
          <path d="M6 12c3-4 6-5 10-5s7 1 10 5" strokeOpacity={0.35} />
          <path d="M6 18h20M6 15v6M26 15v6" />
        </>
      )}
      {kind === 'down' && (
        <>
          <path d="M11 4v24" strokeOpacity={0.35} />
          <path d="M19 5v22M16 8l3-3 3 3M16 24l3 3 3-3" />
        </>
      )}
      {kind === 'neck' && (
        <>
          <path d="M6 6c4 0 6 2 10 12 4-10 6-12 10-12" strokeOpacity={0.35} />
          <path d="M16 5v12M13 14l3 3 3-3" />
        </>
      )}
    </svg>
  );
}
