// Staff-written rich text, already sanitised by the server when stored. A YouTube
// <oembed url="..."></oembed> becomes a click-to-play video; everything else is rendered as is.
import { Fragment } from 'react';
import { YouTubeClickToPlay, youtubeId } from './youtube';
import './rich-text.css';

const OEMBED = /<oembed\s+url="([^"]*)"\s*>\s*<\/oembed>/gi;

export function RichText({
  html,
  videoLabel,
  playLabel,
  className = '',
  id,
}: {
  /** The element's id (read aloud finds the text it highlights by it). */
  id?: string;
  html: string;
  videoLabel: string;
  playLabel: string;
  className?: string;
}) {
  const parts: Array<{ html: string } | { video: string }> = [];
  let last = 0;
  for (const match of html.matchAll(OEMBED)) {
    parts.push({ html: html.slice(last, match.index) });
    const id = youtubeId((match[1] ?? '').replace(/&amp;/g, '&'));
    if (id) parts.push({ video: id });
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push({ html: html.slice(last) });
  return (
    <div id={id} className={`rich-text ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {'video' in part ? (
            <YouTubeClickToPlay id={part.video} title={videoLabel} playLabel={playLabel} />
          ) : part.html.trim() ? (
            <div dangerouslySetInnerHTML={{ __html: part.html }} />
          ) : null}
        </Fragment>
      ))}
    </div>
  );
}
