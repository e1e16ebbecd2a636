// Read aloud for the learner (issue 28, ADR 41): the Listen button the learning views place beside
// every lesson, question, option, explanation and the summary (through web/components/course's
// ListenSlot), and while something is read, a bar at the bottom of the screen with Pause, Stop and
// the speed. The course's voices are asked for at the first Listen only.
// Nothing here speaks to the screen reader while the audio plays (no live region follows the
// sentences), so the two never talk over each other; the buttons say what they do.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import type { VoicePart } from '../../../../contract/read-aloud';
import { useTranslation } from '../../../i18n/react';
import { ListenSlot, type ListenRenderer, type SpokenText } from '../../../components/course/listen-slot';
import { voicesQuery } from '../api/voices';
import { VoicePlayer, type PlayerState } from '../player/voice-player';
import './read-aloud.css';

/** The speeds offered; 1 is the voice as recorded. */
export const LISTEN_RATES = [0.75, 1, 1.25] as const;
const RATE_KEY = 'jgk_listen_rate';

type Notice = { key: string; kind: 'none' | 'failed' } | null;

interface ReadAloud {
  state: PlayerState;
  pending: string | null;
  notice: Notice;
  listen: (key: string, texts: SpokenText[]) => void;
  stopIf: (key: string) => void;
}

const ReadAloudContext = createContext<ReadAloud | null>(null);
const renderListen: ListenRenderer = (texts, compact) => <Listen texts={texts} compact={compact} />;
const IDLE_STATE: PlayerState = { status: 'idle', key: null, stale: false, caption: null };

function partOf(parts: VoicePart[], text: SpokenText): VoicePart | undefined {
  return parts.find((part) =>
    text.field === 'summary'
      ? part.part === 'summary'
      : part.elementId === text.elementId && part.part.endsWith(`.${text.field}`),
  );
}

function storedRate(): number {
  try {
    const rate = Number(window.localStorage.getItem(RATE_KEY));
    return (LISTEN_RATES as readonly number[]).includes(rate) ? rate : 1;
  } catch {
    return 1;
  }
}

/** Read aloud for the learning views of one course language; `children` place their Listen buttons (ListenHere). */
export function ReadAloudProvider({
  lang,
  courseId,
  children,
}: {
  lang: LanguageCode;
  courseId: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [player] = useState(() => new VoicePlayer());
  const state = useSyncExternalStore(player.subscribe, player.getState, () => IDLE_STATE);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [rate, setRate] = useState(1);
  useEffect(() => setRate(storedRate()), []);
  useEffect(() => () => player.stop(), [player]);

  const listen = (key: string, texts: SpokenText[]) => {
    if (state.key === key && state.status === 'playing') return player.pause();
    if (state.key === key && state.status === 'paused') return player.resume();
    setNotice(null);
    setPending(key);
    queryClient
      .fetchQuery(voicesQuery(lang, courseId))
      .then((voices) => {
        const items = texts.flatMap((text) => {
          const part = partOf(voices.parts, text);
          return part && part.segments.length > 0 ? [{ part, element: document.getElementById(text.textId) }] : [];
        });
        if (items.length === 0) return setNotice({ key, kind: 'none' });
        player.setRate(rate);
        player.play(key, items);
      })
      .catch(() => setNotice({ key, kind: 'failed' }))
      .finally(() => setPending(null));
  };

  // Stable, as the Listen buttons' effects depend on it.
  const stopIf = useCallback(
    (key: string) => {
      if (player.getState().key === key) player.stop();
    },
    [player],
  );

  const chooseRate = (next: number) => {
    setRate(next);
    player.setRate(next);
    try {
      window.localStorage.setItem(RATE_KEY, String(next));
    } catch {
      // Private browsing: the speed holds for this visit only.
    }
  };

  return (
    <ReadAloudContext.Provider value={{ state, pending, notice, listen, stopIf }}>
      <ListenSlot.Provider value={renderListen}>{children}</ListenSlot.Provider>
      {state.status !== 'idle' && (
        <>
          <div className="read-aloud-spacer" />
          <ReadAloudBar
            state={state}
            rate={rate}
            onRate={chooseRate}
            onPause={() => (state.status === 'playing' ? player.pause() : player.resume())}
            onStop={() => player.stop()}
          />
        </>
      )}
    </ReadAloudContext.Provider>
  );
}

function ReadAloudBar({
  state,
  rate,
  onRate,
  onPause,
  onStop,
}: {
  state: PlayerState;
  rate: number;
  onRate: (rate: number) => void;
  onPause: () => void;
  onStop: () => void;
}) {
  const { t, i18n } = useTranslation('learning');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="read-aloud-bar" aria-label={t('listen.bar')}>
      {state.stale && <p className="read-aloud-bar__note">{t('listen.stale')}</p>}
      {state.status === 'failed' && (
        <p className="read-aloud-bar__note" role="alert">
          {t('listen.failed')}
        </p>
      )}
      {/* For a browser that cannot highlight: the sentence is on the page already, so not read out twice. */}
      {state.caption && (
        <p className="read-aloud-bar__caption" aria-hidden="true">
          {state.caption}
        </p>
      )}
      <div className="read-aloud-bar__controls">
        {state.status !== 'failed' && (
          <button type="button" className="btn read-aloud-bar__button" onClick={onPause}>
            {state.status === 'playing' ? t('listen.pause') : t('listen.resume')}
          </button>
        )}
        <button type="button" className="btn btn--ghost read-aloud-bar__button" onClick={onStop}>
          {state.status === 'failed' ? t('listen.close') : t('listen.stop')}
        </button>
        <div className="read-aloud-bar__speeds" role="group" aria-label={t('listen.speed')}>
          {LISTEN_RATES.map((option) => (
            <button
              key={option}
              type="button"
              className="read-aloud-bar__speed"
              aria-pressed={option === rate}
              onClick={() => onRate(option)}
            >
              {t('listen.rate', { rate: number.format(option) })}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

function SpeakerIcon() {
  return (
    <svg className="listen__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor" />
      <path
        d="M16 8.5a4.5 4.5 0 0 1 0 7M18.5 6a8 8 0 0 1 0 12"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The Listen button of some texts, read in order (a question, then its options). `compact` shows
 * the icon alone, its name `label` (an option's button beside the option).
 */
function Listen({ texts, compact = false, label }: { texts: SpokenText[]; compact?: boolean; label?: string }) {
  const { t } = useTranslation('learning');
  const readAloud = useContext(ReadAloudContext);
  const key = texts.map((text) => text.textId).join(' ');
  const stopIf = readAloud?.stopIf;
  // A view that goes (the next question, another lesson) stops its own reading.
  useEffect(() => () => stopIf?.(key), [stopIf, key]);
  if (!readAloud) return null;
  const { state, pending, notice } = readAloud;
  const mine = state.key === key;
  const name =
    pending === key
      ? t('listen.loading')
      : mine && state.status === 'playing'
        ? t('listen.pause')
        : mine && state.status === 'paused'
          ? t('listen.resume')
          : (label ?? (compact ? t('listen.option') : t('listen.listen')));
  const said = notice?.key === key ? notice.kind : null;
  return (
    <span className={`listen${compact ? ' listen--compact' : ''}`}>
      <button
        type="button"
        className="listen__button"
        aria-busy={pending === key}
        aria-label={compact ? name : undefined}
        onClick={() => readAloud.listen(key, texts)}
      >
        <SpeakerIcon />
        {!compact && <span>{name}</span>}
      </button>
      {/* A polite live region, there from the first render so what it later says is announced. */}
      <span aria-live="polite" className={said ? 'listen__note' : 'visually-hidden'}>
        {said === 'none' ? t('listen.none') : said === 'failed' ? t('listen.failed') : ''}
      </span>
    </span>
  );
}
