// One sentence's recording in the browser (MediaRecorder: Opus in WebM on Chrome, in Ogg on
// Firefox, both of which the server reads) or from a file: record, hear it back, save or record
// again. A recording stops by itself at the server's limit for a sentence, so nothing recorded is
// refused for its length after the person spoke it.
import { useEffect, useId, useRef, useState } from 'react';
import { RECORDING_MAX_MS_PER_SENTENCE } from '../../../../contract/read-aloud-rules';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../components/notifications';
import { useSaveRecording, type RecordingTarget } from '../api/voices';

type Phase = 'idle' | 'recording' | 'recorded' | 'saving';

/** The recorder's container types, best first: what the server reads (ADR 41). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm'];

function recorderType(): string | undefined {
  return TYPES.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type));
}

export function SentenceRecorder({
  target,
  number,
  onClose,
}: {
  target: RecordingTarget;
  /** The sentence's number as people count (from 1). */
  number: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const fileId = useId();
  const save = useSaveRecording();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [take, setTake] = useState<{ blob: Blob; url: string; name: string } | null>(null);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);

  // The microphone is let go, and a take's address freed, when the recorder closes.
  useEffect(
    () => () => {
      recorder.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );
  useEffect(() => () => (take ? URL.revokeObjectURL(take.url) : undefined), [take]);
  useEffect(() => {
    if (phase !== 'recording') return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Date.now() - started;
      setSeconds(Math.floor(elapsed / 1000));
      if (elapsed >= RECORDING_MAX_MS_PER_SENTENCE - 250) recorder.current?.stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [phase]);

  const start = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setError(t('voices.noRecorder'));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(t('voices.microphoneRefused'));
      return;
    }
    const mimeType = recorderType();
    const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    next.addEventListener('dataavailable', (event) => chunks.push(event.data));
    next.addEventListener('stop', () => {
      stream.getTracks().forEach((track) => track.stop());
      const blob = new Blob(chunks, { type: next.mimeType });
      const extension = next.mimeType.includes('ogg') ? 'ogg' : 'webm';
      setTake({ blob, url: URL.createObjectURL(blob), name: `sentence-${number}.${extension}` });
      setPhase('recorded');
    });
    recorder.current = next;
    next.start();
    setSeconds(0);
    setPhase('recording');
  };

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setTake({ blob: file, url: URL.createObjectURL(file), name: file.name });
    setPhase('recorded');
  };

  const keep = () => {
    if (!take) return;
    setPhase('saving');
    const file = take.blob instanceof File ? take.blob : new File([take.blob], take.name, { type: take.blob.type });
    save.mutate(
      { target, file },
      {
        onSuccess: () => {
          notify({ status: 201, message: t('voices.saved', { number }) });
          onClose();
        },
        onError: (failure) => {
          setError(failure instanceof ApiError ? failure.message : t('voices.saveFailed'));
          setPhase('recorded');
        },
      },
    );
  };

  return (
    <div className="voice-recorder" role="group" aria-label={t('voices.recorderLabel', { number })}>
      {phase === 'idle' && (
        <div className="voice-recorder__actions">
          <button type="button" className="btn" onClick={() => void start()}>
            {t('voices.startRecording')}
          </button>
          <label htmlFor={fileId} className="btn btn--ghost voice-recorder__file">
            {t('voices.uploadFile')}
            <input
              id={fileId}
              type="file"
              accept="audio/*,.webm,.ogg,.opus,.wav"
              className="visually-hidden"
              onChange={(event) => chooseFile(event.target.files?.[0])}
            />
          </label>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('voices.cancel')}
          </button>
        </div>
      )}
      {phase === 'recording' && (
        <div className="voice-recorder__actions">
          <span className="voice-recorder__live" aria-hidden="true" />
          <span>{t('voices.recording', { seconds, limit: RECORDING_MAX_MS_PER_SENTENCE / 1000 })}</span>
          <button type="button" className="btn" onClick={() => recorder.current?.stop()}>
            {t('voices.stopRecording')}
          </button>
        </div>
      )}
      {(phase === 'recorded' || phase === 'saving') && take && (
        <>
          <audio className="voice-recorder__take" controls src={take.url} aria-label={t('voices.take', { number })} />
          <div className="voice-recorder__actions">
            <button
              type="button"
              className="btn"
              disabled={phase === 'saving'}
              aria-busy={phase === 'saving'}
              onClick={keep}
            >
              {phase === 'saving' ? t('voices.saving') : t('voices.save')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={phase === 'saving'}
              onClick={() => {
                setTake(null);
                setPhase('idle');
              }}
            >
              {t('voices.again')}
            </button>
          </div>
        </>
      )}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
