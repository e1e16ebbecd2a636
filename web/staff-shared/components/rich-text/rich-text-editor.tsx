// The console's rich-text editor (TipTap on ProseMirror, whose input follows the browser's own for
// Indic scripts: conjuncts, vowel signs and zero-width joiners arrive as typed). It offers only what
// the server's allowlist keeps (server/lib/rich-text.ts): headings 2 to 4, bold, italic, bulleted and
// numbered lists, links (web, mail, telephone or this site; never javascript:), pictures and videos
// from this site's stored files, and YouTube videos. TipTap itself is a chunk of its own (tiptap.ts),
// fetched when the first rich-text field shows (React.lazy), never by a public page.
//
// The toolbar is one tab stop (arrow keys, Home and End move along it), each button named in words;
// a link, picture or video is asked for in a small panel under it. `onPickImage` is where the media
// library's picker plugs in; without it the picture is named by its stored path.
import { lazy, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Editor } from '@tiptap/react';
import { useTranslation } from '../../../i18n/react';
import type * as TipTap from './tiptap';
import { safeLink, storedFileSource, youtubeWatchUrl } from './urls';

/** A picture chosen in the media library: its stored path (uploads/...) and its alternative text. */
export interface PickedImage {
  path: string;
  alt: string;
}

export interface RichTextEditorProps {
  /** The text's name, as its label says it (the editing area and the toolbar are named by it). */
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** The language the text is written in (BCP 47), for spelling, fonts and screen readers. */
  lang?: string;
  /** An element describing the text or its problem. */
  describedBy?: string;
  /** Opens the media library; resolves to the chosen picture, or null when the person chose none. */
  onPickImage?: () => Promise<PickedImage | null>;
}

type Panel = 'link' | 'image' | 'video' | null;

/** The editor, once TipTap is fetched (wrap it in Suspense). */
export const RichTextEditor = lazy(async () => {
  const tiptap = await import('./tiptap');
  return { default: (props: RichTextEditorProps) => <Editing tiptap={tiptap} {...props} /> };
});

function Editing({
  tiptap,
  label,
  value,
  onChange,
  lang,
  describedBy,
  onPickImage,
}: RichTextEditorProps & { tiptap: typeof TipTap }) {
  const { t } = useTranslation('staff');
  const { EditorContent, Image, Link, StarterKit, StoredVideo, YoutubeEmbed } = tiptap;
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const editor = tiptap.useEditor({
    // The console is never rendered on the server.
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    // TipTap's own <style> element would be refused by the CSP: its few rules are in staff.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // What the allowlist drops is not offered: it would vanish at the save.
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        // The server adds target and rel to links to other sites.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => safeLink(url) !== null,
      }),
      Image.configure({ inline: false, allowBase64: false }),
      YoutubeEmbed.configure({ label: t('rte.youtube') }),
      StoredVideo.configure({ label: t('rte.videoFile') }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(lang ? { lang } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? '' : current.getHTML()),
  });
  const [panel, setPanel] = useState<Panel>(null);
  const panelId = useId();

  return (
    <div className="rte">
      <Toolbar
        tiptap={tiptap}
        editor={editor}
        label={t('rte.toolbar', { field: label })}
        panel={panel}
        panelId={panelId}
        onPanel={setPanel}
      />
      {panel && (
        <div id={panelId} className="rte-panel">
          {panel === 'link' && <LinkPanel editor={editor} onClose={() => setPanel(null)} />}
          {panel === 'image' && <ImagePanel editor={editor} onPickImage={onPickImage} onClose={() => setPanel(null)} />}
          {panel === 'video' && <VideoPanel editor={editor} onClose={() => setPanel(null)} />}
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({
  tiptap,
  editor,
  label,
  panel,
  panelId,
  onPanel,
}: {
  tiptap: typeof TipTap;
  editor: Editor;
  label: string;
  panel: Panel;
  panelId: string;
  onPanel: (panel: Panel) => void;
}) {
  const { t } = useTranslation('staff');
  const state = tiptap.useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const [current, setCurrent] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();
  const heading = (level: 2 | 3 | 4) => chain().toggleHeading({ level }).run();
  const buttons: {
    name: string;
    text: ReactNode;
    pressed?: boolean;
    disabled?: boolean;
    panel?: Panel;
    run: () => void;
  }[] = [
    { name: t('rte.h2'), text: 'H2', pressed: state.h2, run: () => heading(2) },
    { name: t('rte.h3'), text: 'H3', pressed: state.h3, run: () => heading(3) },
    { name: t('rte.h4'), text: 'H4', pressed: state.h4, run: () => heading(4) },
    { name: t('rte.bold'), text: <strong>B</strong>, pressed: state.bold, run: () => chain().toggleBold().run() },
    { name: t('rte.italic'), text: <em>I</em>, pressed: state.italic, run: () => chain().toggleItalic().run() },
    {
      name: t('rte.bullets'),
      text: t('rte.bulletsShort'),
      pressed: state.bullets,
      run: () => chain().toggleBulletList().run(),
    },
    {
      name: t('rte.numbers'),
      text: t('rte.numbersShort'),
      pressed: state.numbers,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      name: state.link ? t('rte.editLink') : t('rte.link'),
      text: t('rte.linkShort'),
      pressed: state.link,
      panel: 'link',
      run: () => onPanel(panel === 'link' ? null : 'link'),
    },
    {
      name: t('rte.image'),
      text: t('rte.imageShort'),
      panel: 'image',
      run: () => onPanel(panel === 'image' ? null : 'image'),
    },
    {
      name: t('rte.video'),
      text: t('rte.videoShort'),
      panel: 'video',
      run: () => onPanel(panel === 'video' ? null : 'video'),
    },
    { name: t('rte.undo'), text: '↶', disabled: !state.undo, run: () => chain().undo().run() },
    { name: t('rte.redo'), text: '↷', disabled: !state.redo, run: () => chain().redo().run() },
  ];
  // Arrow keys move along the toolbar (one tab stop for all of it), as the WAI-ARIA toolbar pattern has it.
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + buttons.length) % buttons.length;
    setCurrent(index);
    bar.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  return (
    <div className="rte-toolbar" role="toolbar" aria-label={label} ref={bar} onKeyDown={move}>
      {buttons.map((button, index) => (
        <button
          key={index}
          type="button"
          className="rte-button"
          tabIndex={index === current ? 0 : -1}
          aria-label={button.name}
          title={button.name}
          aria-pressed={button.panel ? undefined : button.pressed}
          aria-expanded={button.panel ? panel === button.panel : undefined}
          aria-controls={button.panel && panel === button.panel ? panelId : undefined}
          // aria-disabled keeps the button in the toolbar's keyboard order.
          aria-disabled={button.disabled || undefined}
          onFocus={() => setCurrent(index)}
          // The text keeps its selection while a button is pressed with the mouse.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => !button.disabled && button.run()}
        >
          {button.text}
        </button>
      ))}
    </div>
  );
}

/** A small form of the toolbar: its fields, an error, and its buttons; Escape closes it. */
function PanelForm({
  title,
  error,
  onSubmit,
  onClose,
  children,
  actions,
}: {
  title: string;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const errorId = useId();
  return (
    <div
      role="group"
      aria-label={title}
      aria-describedby={error ? errorId : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          onSubmit();
        }
      }}
    >
      {children}
      {error && (
        <p className="staff-error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <div className="staff-actions">
        <button type="button" className="btn" onClick={onSubmit}>
          {t('rte.apply')}
        </button>
        {actions}
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('actions.cancel')}
        </button>
      </div>
    </div>
  );
}

function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const existing = editor.getAttributes('link').href as string | undefined;
  const [href, setHref] = useState(existing ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const url = safeLink(href);
    if (!url) return setError(t('rte.badLink'));
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href: url }).run();
    }
    onClose();
  };
  return (
    <PanelForm
      title={t('rte.link')}
      error={error}
      onSubmit={apply}
      onClose={() => (onClose(), editor.commands.focus())}
      actions={
        existing ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => (editor.chain().focus().extendMarkRange('link').unsetLink().run(), onClose())}
          >
            {t('rte.removeLink')}
          </button>
        ) : undefined
      }
    >
      <label className="staff-field">
        {t('rte.linkAddress')}
        <input
          type="text"
          inputMode="url"
          value={href}
          onChange={(event) => (setHref(event.target.value), setError(null))}
          autoFocus
          aria-invalid={error ? true : undefined}
        />
      </label>
      <p className="staff-hint">{t('rte.linkHint')}</p>
    </PanelForm>
  );
}

function ImagePanel({
  editor,
  onPickImage,
  onClose,
}: {
  editor: Editor;
  onPickImage?: () => Promise<PickedImage | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const [path, setPath] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const insert = (chosen = { path, alt }) => {
    const src = storedFileSource(chosen.path);
    if (!src) return setError(t('rte.badFile'));
    // Put after the selection, never over it: a selected picture or text stays.
    editor
      .chain()
      .focus()
      .insertContentAt(editor.state.selection.to, { type: 'image', attrs: { src, alt: chosen.alt.trim() } })
      .run();
    onClose();
  };
  return (
    <PanelForm
      title={t('rte.image')}
      error={error}
      onSubmit={() => insert()}
      onClose={() => (onClose(), editor.commands.focus())}
      actions={
        onPickImage ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() =>
              void onPickImage().then((picked) => {
                if (picked) insert(picked);
              })
            }
          >
            {t('rte.fromLibrary')}
          </button>
        ) : undefined
      }
    >
      <label className="staff-field">
        {t('rte.storedFile')}
        <input
          type="text"
          value={path}
          onChange={(event) => (setPath(event.target.value), setError(null))}
          autoFocus
          placeholder="uploads/…"
          aria-invalid={error ? true : undefined}
        />
      </label>
      <label className="staff-field">
        {t('rte.alt')}
        <input type="text" value={alt} onChange={(event) => setAlt(event.target.value)} />
      </label>
    </PanelForm>
  );
}

function VideoPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const insert = () => {
    const youtube = youtubeWatchUrl(address);
    const file = youtube ? null : storedFileSource(address);
    if (!youtube && !file) return setError(t('rte.badVideo'));
    // Put after the selection, never over it.
    editor
      .chain()
      .focus()
      .insertContentAt(
        editor.state.selection.to,
        youtube ? { type: 'youtube', attrs: { url: youtube } } : { type: 'storedVideo', attrs: { src: file } },
      )
      .run();
    onClose();
  };
  return (
    <PanelForm
      title={t('rte.video')}
      error={error}
      onSubmit={insert}
      onClose={() => (onClose(), editor.commands.focus())}
    >
      <label className="staff-field">
        {t('rte.videoAddress')}
        <input
          type="text"
          value={address}
          onChange={(event) => (setAddress(event.target.value), setError(null))}
          autoFocus
          aria-invalid={error ? true : undefined}
        />
      </label>
    </PanelForm>
  );
}
