// What the rich-text editor needs of TipTap and ProseMirror, in the one module it loads when the
// first rich-text field shows (rich-text-editor.tsx): the console's other pages never fetch it, and
// it imports nothing of the app, so splitting it off leaves every other chunk as it was.
export { EditorContent, useEditor, useEditorState } from '@tiptap/react';
export { StarterKit } from '@tiptap/starter-kit';
export { Link } from '@tiptap/extension-link';
export { Image } from '@tiptap/extension-image';
export { StoredVideo, YoutubeEmbed } from './embeds';
