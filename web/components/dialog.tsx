// A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert (focus
// stays inside), Escape closes it, and a click on the backdrop closes it too. Focus returns to the
// element that opened it.
import { useEffect, useRef, type ReactNode } from 'react';
import './dialog.css';

export function Dialog({
  open,
  onClose,
  label,
  className = '',
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (open) return;
    const target = opener.current;
    if (target instanceof HTMLElement) target.focus();
    opener.current = null;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && children}
    </dialog>
  );
}

/**
 * A ref for the element the dialog focuses when it opens (its `autofocus`, which showModal() honours;
 * React's own autoFocus runs before the dialog is open, so it cannot): a confirmation that takes
 * something away starts on its Cancel, so a second Enter does not delete.
 */
export function focusOnOpen(element: HTMLElement | null) {
  element?.setAttribute('autofocus', '');
}

export function CloseButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button type="button" className="dialog__close" onClick={onClick} aria-label={label}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}
