// Plays the voices of one or more texts in order (a question, then its options) with one audio
// element, and highlights the sentence being spoken in the page (ADR 41). Each text's segments are
// files played from a sentence's start to its end; the sentence is found in the text shown by its
// letters (sentence-spans.ts) and highlighted through the CSS Custom Highlight API, which touches
// no element, so React's markup and the screen reader's reading are left alone. Where the browser
// lacks that API, the state's `caption` says the sentence instead. Not React: the provider
// (components/read-aloud.tsx) subscribes to its state.
import type { VoicePart, VoiceSegment } from '../../../../contract/read-aloud';
import { fileUrl } from '../../../lib/api-client';
import { sentenceSpans } from './sentence-spans';

/** A text to speak: its voices, and the element that shows it (null: spoken without a highlight). */
export interface SpokenItem {
  part: VoicePart;
  element: HTMLElement | null;
}

export type PlayerStatus = 'idle' | 'playing' | 'paused' | 'failed';

export interface PlayerState {
  status: PlayerStatus;
  /** What is being read (the Listen button that started it). */
  key: string | null;
  /** Some of what plays speaks an older text than the one shown. */
  stale: boolean;
  /** The sentence being spoken, for a browser that cannot highlight it. */
  caption: string | null;
}

export const HIGHLIGHT_NAME = 'read-aloud';

const IDLE: PlayerState = { status: 'idle', key: null, stale: false, caption: null };

interface Step {
  item: SpokenItem;
  segment: VoiceSegment;
  ranges: (Range | null)[];
}

/** The text nodes of an element in document order. */
function textNodes(element: HTMLElement): Text[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** A range over each sentence of the text as the element shows it, by the sentence's index. */
function sentenceRanges(item: SpokenItem): (Range | null)[] {
  if (!item.element) return item.part.sentences.map(() => null);
  const nodes = textNodes(item.element);
  return sentenceSpans(
    nodes.map((node) => node.data),
    item.part.sentences,
  ).map((span) => {
    if (!span) return null;
    const range = document.createRange();
    range.setStart(nodes[span.startNode]!, span.startOffset);
    range.setEnd(nodes[span.endNode]!, span.endOffset);
    return range;
  });
}

const canHighlight = () => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';

export class VoicePlayer {
  private audio: HTMLAudioElement | null = null;
  private steps: Step[] = [];
  private step = 0;
  private sentence = -1;
  private frame = 0;
  private rate = 1;
  private state: PlayerState = IDLE;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  /** Starts reading the items from their first sentence, stopping whatever was read before. */
  play(key: string, items: SpokenItem[]): void {
    this.stop();
    this.steps = items.flatMap((item) => {
      const ranges = sentenceRanges(item);
      return item.part.segments.map((segment) => ({ item, segment, ranges }));
    });
    if (this.steps.length === 0) return;
    this.set({ status: 'playing', key, stale: items.some((item) => item.part.stale), caption: null });
    this.startStep(0);
  }

  pause(): void {
    if (this.state.status !== 'playing') return;
    this.audio?.pause();
    cancelAnimationFrame(this.frame);
    this.set({ ...this.state, status: 'paused' });
  }

  resume(): void {
    if (this.state.status !== 'paused' || !this.audio) return;
    this.set({ ...this.state, status: 'playing' });
    this.playAudio();
  }

  stop(): void {
    cancelAnimationFrame(this.frame);
    if (this.audio) {
      this.audio.pause();
      this.audio.removeAttribute('src');
      this.audio.load();
    }
    this.steps = [];
    this.sentence = -1;
    this.highlight(null);
    if (this.state.status !== 'idle') this.set(IDLE);
  }

  /** 0.75, 1 or 1.25: kept for every file after this one too. */
  setRate(rate: number): void {
    this.rate = rate;
    if (this.audio) {
      this.audio.defaultPlaybackRate = rate;
      this.audio.playbackRate = rate;
    }
  }

  private set(state: PlayerState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  private element(): HTMLAudioElement {
    if (this.audio) return this.audio;
    const audio = new Audio();
    audio.preload = 'auto';
    audio.addEventListener('ended', () => this.next());
    audio.addEventListener('error', () => this.fail());
    this.audio = audio;
    return audio;
  }

  private startStep(index: number) {
    const step = this.steps[index];
    if (!step) {
      this.stop();
      return;
    }
    this.step = index;
    this.sentence = -1;
    const audio = this.element();
    const url = new URL(fileUrl(step.segment.audio), window.location.href).href;
    if (audio.src !== url) audio.src = url;
    audio.defaultPlaybackRate = this.rate;
    audio.playbackRate = this.rate;
    // Set before the file's data arrives, this is where playing starts once it does.
    audio.currentTime = (step.segment.sentences[0]?.startMs ?? 0) / 1000;
    this.playAudio();
  }

  private playAudio() {
    const audio = this.audio!;
    audio.play().then(
      () => this.follow(),
      (error: unknown) => {
        // Paused or stopped before it began: not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        this.fail();
      },
    );
  }

  private fail() {
    if (this.state.status === 'idle') return;
    cancelAnimationFrame(this.frame);
    this.highlight(null);
    this.set({ ...this.state, status: 'failed', caption: null });
  }

  private next() {
    if (this.state.status === 'idle') return;
    this.startStep(this.step + 1);
  }

  /** Each frame while playing: the sentence at the audio's time highlighted, the next file at its segment's end. */
  private follow = () => {
    cancelAnimationFrame(this.frame);
    const step = this.steps[this.step];
    if (!step || this.state.status !== 'playing' || !this.audio) return;
    const ms = this.audio.currentTime * 1000;
    const sentences = step.segment.sentences;
    const last = sentences.at(-1);
    if (last && ms >= last.endMs && last.endMs < step.segment.durationMs) {
      this.next();
      return;
    }
    let current = sentences.findIndex((sentence) => ms >= sentence.startMs && ms < sentence.endMs);
    if (current < 0) current = ms < (sentences[0]?.startMs ?? 0) ? 0 : sentences.length - 1;
    const index = sentences[current]?.index ?? -1;
    if (index !== this.sentence) {
      this.sentence = index;
      const range = step.ranges[index] ?? null;
      this.highlight(range);
      const caption = canHighlight() && range ? null : (step.item.part.sentences[index] ?? null);
      if (caption !== this.state.caption) this.set({ ...this.state, caption });
    }
    this.frame = requestAnimationFrame(this.follow);
  };

  private highlight(range: Range | null) {
    if (!canHighlight()) return;
    if (!range) {
      CSS.highlights.delete(HIGHLIGHT_NAME);
      return;
    }
    CSS.highlights.set(HIGHLIGHT_NAME, new Highlight(range));
    followIntoView(range);
  }
}

/** Scrolls the page so the sentence being read is in view, above the player's bar at the bottom. */
function followIntoView(range: Range) {
  const rect = range.getBoundingClientRect();
  const bar = document.querySelector('.read-aloud-bar')?.getBoundingClientRect().height ?? 0;
  const bottom = window.innerHeight - bar - 16;
  if (rect.top >= 56 && rect.bottom <= bottom) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollBy({ top: rect.top - window.innerHeight / 3, behavior: reduced ? 'auto' : 'smooth' });
}
