// A 1 to RATING_MAX star rating as a radio group: arrow keys move and choose, Enter or Space chooses, each
// star a 44 px target.
import { useId } from 'react';
import { RATING_MAX } from '../../../contract/learning-rules';
import './course.css';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

export function StarsShown({ value, label }: { value: number; label: string }) {
  return (
    <span className="stars" role="img" aria-label={label}>
      {STARS.map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={n <= Math.round(value) ? 'stars__star stars__star--on' : 'stars__star'}
        >
          ★
        </span>
      ))}
    </span>
  );
}

export function StarInput({
  value,
  onChange,
  legend,
  starLabel,
  disabled,
}: {
  value: number | null;
  onChange: (n: number) => void;
  legend: string;
  starLabel: (n: number) => string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="star-input" disabled={disabled}>
      <legend className="star-input__legend">{legend}</legend>
      <div className="star-input__row">
        {STARS.map((n) => (
          <label key={n} className={`star-input__star${value !== null && n <= value ? ' star-input__star--on' : ''}`}>
            <input
              className="visually-hidden"
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{starLabel(n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
