import { styleRef } from '../../lib/style-ref';
import './course.css';

/** Progress to one decimal, as the specification shows it. */
export function formatPercent(value: number): string {
  return `${(Math.round(value * 10) / 10).toFixed(1)}%`;
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className="progress">
      <div className="progress__head">
        <span>{label}</span>
        <strong data-testid="progress-value">{formatPercent(clamped)}</strong>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped * 10) / 10}
      >
        <div className="progress__fill" ref={styleRef({ width: `${clamped}%` })} />
      </div>
    </div>
  );
}
