// How the writing pages choose a file of the media library (a picture, a video, a document) without
// importing the library (features never import each other): web/app/routes/staff.tsx gives them the
// library's MediaPicker (features/staff-media-library/components/media-picker.tsx, whose props are
// these) as an ImagePicker, and the edit gate opens it through useImagePicker.
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import type { LanguageCode } from '../../../contract/languages';
import type { UploadKind } from '../../../contract/media-rules';
import type { StaffMe } from '../../../contract/staff';
import type { PickedImage } from './rich-text/rich-text-editor';

/** A chosen file: its path and text alternative, and what the field beside it shows of it. */
export interface PickedFile extends PickedImage {
  /** Its name as uploaded. */
  name: string;
  /** Its size as uploaded. */
  bytes: number;
  /** A video's length as its header says (the server reads it at the upload), else null. */
  durationSeconds: number | null;
}

/** A picker's props, as the media library's MediaPicker documents them at its top. */
export interface ImagePickerProps {
  open: boolean;
  onClose: () => void;
  lang: LanguageCode;
  onPick: (picked: PickedFile) => void;
  me: StaffMe;
  title?: string;
  /** The kind of file to choose and upload (pictures when not given). */
  kind?: UploadKind;
}

export type ImagePicker = ComponentType<ImagePickerProps>;

/** Opens the picker for a kind of file (pictures when not given); null when closed without a choice. */
export type PickMedia = (kind?: UploadKind) => Promise<PickedFile | null>;

/**
 * The picker as a call: `pick(kind)` opens it, showing and taking uploads of that kind only, and
 * resolves with the chosen file, or null when it is closed without a choice; `dialog` is rendered
 * where the caller renders. For an editor that asks "which file?" from deep inside (the rich-text
 * toolbar, a course's video).
 */
export function useImagePicker(
  Picker: ImagePicker,
  me: StaffMe,
  lang: LanguageCode,
): { pick: PickMedia; dialog: ReactNode } {
  const [waiting, setWaiting] = useState<{ kind: UploadKind; resolve: (picked: PickedFile | null) => void } | null>(
    null,
  );
  const pick = useCallback<PickMedia>(
    (kind = 'image') => new Promise<PickedFile | null>((resolve) => setWaiting({ kind, resolve })),
    [],
  );
  const finish = (picked: PickedFile | null) => {
    waiting?.resolve(picked);
    setWaiting(null);
  };
  const dialog = (
    <Picker
      open={waiting !== null}
      kind={waiting?.kind}
      lang={lang}
      me={me}
      onClose={() => finish(null)}
      onPick={({ path, alt, name, bytes, durationSeconds }) => finish({ path, alt, name, bytes, durationSeconds })}
    />
  );
  return { pick, dialog };
}
