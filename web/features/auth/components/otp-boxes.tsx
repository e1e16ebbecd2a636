// Six one-digit boxes. Typing moves on, Backspace on an empty box moves back, and a pasted or
// SMS-filled code (autocomplete="one-time-code" on the first box) fills all six at once.
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '../../../../contract/auth-rules';

export function OtpBoxes({
  value,
  onChange,
  label,
  digitLabel,
  disabled,
  focusRequest = 0,
}: {
  /** One entry per box, '' when empty. */
  value: string[];
  onChange: (next: string[]) => void;
  label: string;
  digitLabel: (n: number) => string;
  disabled?: boolean;
  /** Raised each time a code is sent: the first box takes the focus once it can (not while disabled). */
  focusRequest?: number;
}) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focusHandled = useRef(0);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? '');

  const focus = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    if (focusRequest === focusHandled.current || disabled) return;
    focusHandled.current = focusRequest;
    focus(0);
  }, [focusRequest, disabled]);

  const fill = (start: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '');
    if (!incoming) return;
    // A whole code (paste or autofill) replaces everything; otherwise digits go from this box on.
    const next = incoming.length >= OTP_LENGTH ? incoming.slice(0, OTP_LENGTH).split('') : [...digits];
    if (incoming.length < OTP_LENGTH) {
      incoming.split('').forEach((d, i) => {
        if (start + i < OTP_LENGTH) next[start + i] = d;
      });
    }
    onChange(next.slice(0, OTP_LENGTH));
    focus(incoming.length >= OTP_LENGTH ? OTP_LENGTH - 1 : start + incoming.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = '';
        onChange(next);
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next);
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset className="otp" disabled={disabled}>
      <legend className="otp__legend">{label}</legend>
      <div className="otp__boxes">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            className="otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // The first box takes a whole code from the SMS autofill; the others one digit.
            maxLength={index === 0 ? OTP_LENGTH : 1}
            aria-label={digitLabel(index + 1)}
            value={digit}
            onChange={(event) => {
              const typed = event.target.value.replace(digit, '') || event.target.value;
              if (!event.target.value) {
                const next = [...digits];
                next[index] = '';
                onChange(next);
                return;
              }
              fill(index, typed);
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
