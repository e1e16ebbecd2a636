// How the writing pages choose a picture without importing the media library (features never
// import each other): web/app/routes/staff.tsx gives them the library's MediaPicker
// (features/staff-media-library/components/media-picker.tsx, whose props are these) as an
// ImagePicker, and the edit gate opens it through useImagePicker.
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import type { LanguageCode } from '../../../contract/languages';
import type { StaffMe } from '../../../contract/staff';
import type { PickedImage } from './rich-text/rich-text-editor';

/** A picker's props, as the media library's MediaPicker documents them at its top. */
export interface ImagePickerProps {
  open: boolean;
  onClose: () => void;
  lang: LanguageCode;
  onPick: (picked: PickedImage) => void;
  me: StaffMe;
  title?: string;
}

export type ImagePicker = ComponentType<ImagePickerProps>;

/**
 * The picker as a call: `pick()` opens it and resolves with the chosen picture's path and text
 * alternative, or null when it is closed without a choice; `dialog` is rendered where the caller
 * renders. For an editor that asks "which picture?" from deep inside (the rich-text toolbar).
 */
export function useImagePicker(
  Picker: ImagePicker,
  me: StaffMe,
  lang: LanguageCode,
): { pick: () => Promise<PickedImage | null>; dialog: ReactNode } {
  const [waiting, setWaiting] = useState<((picked: PickedImage | null) => void) | null>(null);
  const pick = useCallback(() => new Promise<PickedImage | null>((resolve) => setWaiting(() => resolve)), []);
  const finish = (picked: PickedImage | null) => {
    waiting?.(picked);
    setWaiting(null);
  };
  const dialog = (
    <Picker
      open={waiting !== null}
      lang={lang}
      me={me}
      onClose={() => finish(null)}
      onPick={({ path, alt }) => finish({ path, alt })}
    />
  );
  return { pick, dialog };
}
