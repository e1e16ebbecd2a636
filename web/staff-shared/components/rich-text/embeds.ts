// The two videos rich text may hold, as the server's allowlist keeps them (server/lib/rich-text.ts):
// a YouTube video as <oembed url="https://www.youtube.com/watch?v=..."></oembed> (the site shows it
// click-to-play, web/components/rich-text.tsx) and a stored video file as <video src="/uploads/...">.
// In the editor each is a box saying what it is, moved and deleted as one piece; nothing of YouTube
// loads while staff write.
import { Node } from '@tiptap/core';

/** A box in the editor standing for a video: its kind in words and its address. */
function videoBox(kind: string, address: string) {
  return () => {
    const dom = document.createElement('div');
    dom.className = 'rte-embed';
    dom.contentEditable = 'false';
    const name = document.createElement('strong');
    name.textContent = kind;
    const where = document.createElement('span');
    where.textContent = address;
    dom.append(name, ' ', where);
    return { dom };
  };
}

export const YoutubeEmbed = Node.create<{ label: string }>({
  name: 'youtube',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions: () => ({ label: 'YouTube video' }),
  addAttributes: () => ({ url: { default: null } }),
  parseHTML: () => [{ tag: 'oembed[url]', getAttrs: (element) => ({ url: element.getAttribute('url') }) }],
  renderHTML: ({ node }) => ['oembed', { url: node.attrs.url as string }],
  addNodeView() {
    return ({ node }) => videoBox(this.options.label, String(node.attrs.url))();
  },
});

export const StoredVideo = Node.create<{ label: string }>({
  name: 'storedVideo',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions: () => ({ label: 'Video file' }),
  addAttributes: () => ({ src: { default: null }, poster: { default: null } }),
  parseHTML: () => [
    {
      tag: 'video[src]',
      getAttrs: (element) => ({ src: element.getAttribute('src'), poster: element.getAttribute('poster') }),
    },
  ],
  renderHTML: ({ node }) => [
    'video',
    {
      src: node.attrs.src as string,
      ...(node.attrs.poster ? { poster: node.attrs.poster as string } : {}),
      controls: '',
    },
  ],
  addNodeView() {
    return ({ node }) => videoBox(this.options.label, String(node.attrs.src))();
  },
});
