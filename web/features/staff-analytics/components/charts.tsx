// The figures drawn in plain SVG (no charting library: a few shapes each, and nothing for a public
// page to load). Every chart is hidden from screen readers: the table beside it says the same.
// Colours are the Okabe-Ito set, told apart by people with any common colour blindness, and every
// part is also labelled in words.
import type { ReactNode } from 'react';
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

/** A line over the periods; a withheld period is a gap in the line, not a zero. */
export function LineChart({ points, caption }: { points: { label: string; count: SafeCount }[]; caption: ReactNode }) {
  const max = Math.max(1, ...points.map((p) => (shown(p.count) ? p.count : 0)));
  const x = (i: number) =>
    PAD.left +
    (points.length === 1
      ? (WIDTH - PAD.left - PAD.right) / 2
      : (i * (WIDTH - PAD.left - PAD.right)) / (points.length - 1));
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
  return (
    <figure className="analytics-chart" aria-hidden="true">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="analytics-line">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="analytics-axis" />
        <path d={path} className="analytics-line-path" />
        {points.map((point, i) =>
          shown(point.count) ? <circle key={i} cx={x(i)} cy={y(point.count)} r={points.length > 60 ? 1.5 : 3} /> : null,
        )}
      </svg>
      <figcaption className="analytics-chart-scale">
        <span>{points[0]?.label}</span>
        {caption}
        <span>{points.at(-1)?.label}</span>
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
