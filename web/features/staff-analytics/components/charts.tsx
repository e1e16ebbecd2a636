// The figures drawn in plain SVG (no charting library: a few shapes each, and nothing for a public
// page to load). Every chart is hidden from screen readers: the table beside it says the same.
// Colours are the Okabe-Ito set, told apart by people with any common colour blindness, and every
// part is also labelled in words.
import { useId } from 'react';
import type { SafeCount } from '../../../../contract/analytics';
import { shown } from './format';

export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#8C6D1F',
  '#000000',
  '#999999',
  '#F0E442',
  '#6A3D9A',
];

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 8, right: 8, top: 12, bottom: 8 };

/**
 * A line over the periods. A period withheld or with fewer than the smallest group is not a point
 * at 0 but a hatched gap the line breaks at, and the legend under the chart says so in words.
 */
export function LineChart({
  points,
  label,
  gapLabel,
}: {
  points: { label: string; count: SafeCount }[];
  /** What the line counts, its legend entry. */
  label: string;
  /** The legend entry of a gap. */
  gapLabel: string;
}) {
  const hatch = useId();
  const max = Math.max(1, ...points.map((p) => (shown(p.count) ? p.count : 0)));
  const step = points.length > 1 ? (WIDTH - PAD.left - PAD.right) / (points.length - 1) : WIDTH - PAD.left - PAD.right;
  const x = (i: number) => PAD.left + (points.length === 1 ? (WIDTH - PAD.left - PAD.right) / 2 : i * step);
  const y = (count: number) => PAD.top + (1 - count / max) * (HEIGHT - PAD.top - PAD.bottom);
  let path = '';
  let drawing = false;
  points.forEach((point, i) => {
    if (!shown(point.count)) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)},${y(point.count).toFixed(1)}`;
    drawing = true;
  });
  const gaps = points.flatMap((point, i) => (shown(point.count) ? [] : [i]));
  return (
    <figure className="analytics-chart" aria-hidden="true">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="analytics-line">
        <defs>
          <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" className="analytics-gap-ground" />
            <line x1="0" y1="0" x2="0" y2="6" className="analytics-gap-stripe" />
          </pattern>
        </defs>
        {gaps.map((i) => (
          <rect
            key={i}
            className="analytics-gap"
            x={Math.max(0, x(i) - step / 2)}
            width={Math.min(step, WIDTH)}
            y={PAD.top}
            height={HEIGHT - PAD.top - PAD.bottom}
            fill={`url(#${hatch})`}
          />
        ))}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="analytics-axis" />
        <path d={path} className="analytics-line-path" />
        {/* Each point a round cap of a zero-length stroke: round however the chart is stretched. */}
        {points.map((point, i) =>
          shown(point.count) ? (
            <path
              key={i}
              className={`analytics-point${points.length > 60 ? ' analytics-point--small' : ''}`}
              d={`M${x(i).toFixed(1)},${y(point.count).toFixed(1)}h0`}
            />
          ) : null,
        )}
      </svg>
      <figcaption>
        <span className="analytics-chart-scale">
          <span>{points[0]?.label}</span>
          <span>{points.at(-1)?.label}</span>
        </span>
        <ul className="analytics-legend">
          <li>
            <span className="analytics-legend-line" /> {label}
          </li>
          {gaps.length > 0 && (
            <li>
              <span className="analytics-legend-gap" /> <span>{gapLabel}</span>
            </li>
          )}
        </ul>
      </figcaption>
    </figure>
  );
}

/** Horizontal bars, each as long as its count against the first (a funnel), with its words beside it. */
export function Bars({ bars }: { bars: { label: string; count: SafeCount; text: string; tone?: 'correct' }[] }) {
  const max = Math.max(1, ...bars.map((bar) => (shown(bar.count) ? bar.count : 0)));
  return (
    <div className="analytics-bars" aria-hidden="true">
      {bars.map((bar, i) => (
        <div className="analytics-bar-row" key={i}>
          <span className="analytics-bar-label">{bar.label}</span>
          <span className="analytics-bar-track">
            {shown(bar.count) ? (
              <span
                className={`analytics-bar${bar.tone ? ` analytics-bar--${bar.tone}` : ''}`}
                style={{ width: `${(100 * bar.count) / max}%` }}
              />
            ) : (
              <span className="analytics-bar analytics-bar--hidden" />
            )}
          </span>
          <span className="analytics-bar-text">{bar.text}</span>
        </div>
      ))}
    </div>
  );
}

/** One bar split by the shown cells' shares of a total; what is withheld is one hatched part. */
export function StackedBar({ cells, total }: { cells: { label: string; count: SafeCount }[]; total: number }) {
  if (total <= 0) return null;
  const hidden = total - cells.reduce((sum, cell) => sum + (shown(cell.count) ? cell.count : 0), 0);
  return (
    <div className="analytics-stack" aria-hidden="true">
      {cells.map((cell, i) =>
        shown(cell.count) && cell.count > 0 ? (
          <span
            key={i}
            className="analytics-stack-part"
            style={{ width: `${(100 * cell.count) / total}%`, background: PALETTE[i % PALETTE.length] }}
            title={cell.label}
          />
        ) : null,
      )}
      {hidden > 0 && (
        <span
          className="analytics-stack-part analytics-stack-part--hidden"
          style={{ width: `${(100 * hidden) / total}%` }}
        />
      )}
    </div>
  );
}

/** A colour's swatch beside its label in a table, so the table is also the chart's legend. */
export function Swatch({ index }: { index: number }) {
  return (
    <span className="analytics-swatch" style={{ background: PALETTE[index % PALETTE.length] }} aria-hidden="true" />
  );
}
