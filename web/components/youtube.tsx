// YouTube videos in the privacy-enhanced player (youtube-nocookie.com, allowed by the CSP). Nothing
// of YouTube loads until the visitor asks for the video.
import { useState } from 'react';

export function youtubeId(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, '');
    let id: string | null = null;
    if (host === 'youtu.be') id = u.pathname.slice(1);
    else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      id = u.searchParams.get('v') ?? /^\/(?:embed|shorts)\/([^/]+)/.exec(u.pathname)?.[1] ?? null;
    }
    return id && /^[\w-]{11}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function YouTubeFrame({ id, title, autoplay = false }: { id: string; title: string; autoplay?: boolean }) {
  return (
    <iframe
      className="youtube__frame"
      src={`https://www.youtube-nocookie.com/embed/${id}?rel=0${autoplay ? '&autoplay=1' : ''}`}
      title={title}
      width="560"
      height="315"
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

/** A play button that becomes the player when pressed. */
export function YouTubeClickToPlay({ id, title, playLabel }: { id: string; title: string; playLabel: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="youtube">
      {playing ? (
        <YouTubeFrame id={id} title={title} autoplay />
      ) : (
        <button type="button" className="youtube__poster" onClick={() => setPlaying(true)}>
          <svg width="68" height="48" viewBox="0 0 68 48" aria-hidden="true">
            <rect width="68" height="48" rx="12" fill="#c8102e" />
            <path d="M27 14v20l18-10z" fill="#fff" />
          </svg>
          <span>{playLabel}</span>
          <span className="visually-hidden">: {title}</span>
        </button>
      )}
    </div>
  );
}
