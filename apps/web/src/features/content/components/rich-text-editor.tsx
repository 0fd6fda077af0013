import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraAddOutlined,
} from '@ant-design/icons';
import { Button, Input, Modal, Tooltip, type ButtonProps } from 'antd';
import Image from '@tiptap/extension-image';
import { EditorContent, mergeAttributes, Node, useEditor, useEditorState, type Editor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from '../../../components/layers';
import '../../../components/rich-body.css';
import { acceptOf, formatBytes, isCancel, limitsOf, refusalOf, uploadTemp } from '../../../components/upload';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { embedUrlOf } from '../lib/video-embed';

/**
 * An image the server knows by its upload id: the stored body keeps `data-upload-id` and the
 * server puts a fresh signed `src` on every read (signed links expire).
 */
const UploadedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      uploadId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-upload-id'),
        renderHTML: (attributes: { uploadId?: string | number | null }) =>
          attributes.uploadId ? { 'data-upload-id': String(attributes.uploadId) } : {},
      },
    };
  },
});

/** An embedded YouTube or Vimeo player; any other iframe is dropped when pasted (the server would drop it too). */
const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'iframe[src]',
        getAttrs: (element) => {
          const src = embedUrlOf((element as HTMLElement).getAttribute('src') ?? '');
          return src ? { src } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    // A bare iframe: the sanitizer keeps its src (these hosts only) and allowfullscreen, and
    // the page's stylesheet gives it its 16:9 shape.
    return ['iframe', mergeAttributes({ src: HTMLAttributes.src as string, allowfullscreen: 'true' })];
  },
});

export const RICH_TEXT_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    codeBlock: false,
    code: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto'],
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    },
  }),
  UploadedImage.configure({ inline: false }),
  VideoEmbed,
];

/** The editor of an item's body, created once per item (`key` it on the item). */
export function useRichText(initialHtml: string, label: string, onChange?: () => void): Editor | null {
  return useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'nc-rich nc-rte__content',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'content-body',
      },
    },
    onUpdate: () => onChange?.(),
  });
}

/** A read-only copy of the editor's document (the preview): same nodes, same look, no HTML strings. */
export function RichTextView({ content }: { content: JSONContent }) {
  const editor = useEditor({ extensions: RICH_TEXT_EXTENSIONS, content, editable: false, editorProps: { attributes: { class: 'nc-rich' } } }, [content]);
  return <EditorContent editor={editor} />;
}

type Prompt = { kind: 'link'; value: string } | { kind: 'video'; value: string } | null;

/**
 * Rich text (headings, lists, links, images uploaded through /v1/base/oss/temp, embedded
 * video) with its toolbar. The toolbar reads the editor's state through `useEditorState`, so
 * typing re-renders the buttons only when what they show changes.
 */
export function RichTextField({ editor, invalid }: { editor: Editor | null; invalid?: boolean }) {
  const { t } = useTranslation('content');
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            bullet: current.isActive('bulletList'),
            ordered: current.isActive('orderedList'),
            link: current.isActive('link'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });

  if (!editor) return <div className="nc-rte nc-rte--loading" aria-busy="true" />;

  const chain = () => editor.chain().focus();

  const insertImage = async (file: File) => {
    const limits = limitsOf('image');
    const refusal = refusalOf({ name: file.name, size: file.size }, limits);
    if (refusal) {
      notifyError(
        refusal.reason === 'too_large'
          ? t('common:upload.too_large', { size: formatBytes(refusal.maxBytes, currentLanguage()) })
          : refusal.reason === 'empty'
            ? t('common:upload.empty')
            : t('common:upload.wrong_type', { formats: limits.formats.join(', ').toUpperCase() }),
      );
      return;
    }
    setUploading(true);
    try {
      const upload = await uploadTemp({ file, purpose: 'image', onProgress: () => undefined, signal: new AbortController().signal });
      editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src: upload.url, alt: file.name.replace(/\.[^.]+$/, ''), uploadId: upload.id } })
        .run();
    } catch (error) {
      if (!isCancel(error)) notifyError(t('common:upload.failed_named', { name: file.name, reason: error instanceof ApiError ? error.msg : t('common:upload.failed') }));
    } finally {
      setUploading(false);
    }
  };

  const openLink = () => {
    setPromptError(null);
    setPrompt({ kind: 'link', value: (editor.getAttributes('link').href as string | undefined) ?? '' });
  };

  const applyPrompt = () => {
    if (!prompt) return;
    const value = prompt.value.trim();
    if (prompt.kind === 'link') {
      if (value === '') {
        chain().extendMarkRange('link').unsetLink().run();
      } else if (!/^(https?:\/\/|mailto:|\/(?![/\\]))/i.test(value)) {
        setPromptError(t('editor.link_invalid'));
        return;
      } else {
        chain().extendMarkRange('link').setLink({ href: value }).run();
      }
    } else {
      const src = embedUrlOf(value);
      if (!src) {
        setPromptError(t('editor.video_invalid'));
        return;
      }
      chain().insertContent({ type: 'videoEmbed', attrs: { src } }).run();
    }
    setPrompt(null);
  };

  const tool = (key: string, label: string, icon: ReactNode, onClick: () => void, pressed?: boolean, disabled?: boolean) => (
    <Tooltip title={label} key={key}>
      <Button
        type={pressed ? 'primary' : 'text'}
        size="small"
        icon={icon}
        onClick={onClick}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        data-testid={`rte-${key}`}
      />
    </Tooltip>
  );

  return (
    <div className={invalid ? 'nc-rte nc-rte--invalid' : 'nc-rte'}>
      <div className="nc-rte__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {tool('h2', t('editor.heading2'), <span className="nc-rte__glyph">H2</span>, () => chain().toggleHeading({ level: 2 }).run(), active?.h2)}
        {tool('h3', t('editor.heading3'), <span className="nc-rte__glyph">H3</span>, () => chain().toggleHeading({ level: 3 }).run(), active?.h3)}
        {tool('bold', t('editor.bold'), <BoldOutlined />, () => chain().toggleBold().run(), active?.bold)}
        {tool('italic', t('editor.italic'), <ItalicOutlined />, () => chain().toggleItalic().run(), active?.italic)}
        {tool('bullet', t('editor.bullet_list'), <UnorderedListOutlined />, () => chain().toggleBulletList().run(), active?.bullet)}
        {tool('ordered', t('editor.ordered_list'), <OrderedListOutlined />, () => chain().toggleOrderedList().run(), active?.ordered)}
        {tool('link', t('editor.link'), <LinkOutlined />, openLink, active?.link)}
        <Tooltip title={t('editor.image')}>
          <Button
            type="text"
            size="small"
            icon={<PictureOutlined />}
            loading={uploading}
            onClick={() => fileInput.current?.click()}
            aria-label={t('editor.image')}
            data-testid="rte-image"
          />
        </Tooltip>
        {tool('video', t('editor.video'), <VideoCameraAddOutlined />, () => {
          setPromptError(null);
          setPrompt({ kind: 'video', value: '' });
        })}
        <span className="nc-rte__spacer" />
        {tool('undo', t('editor.undo'), <UndoOutlined />, () => chain().undo().run(), false, !active?.canUndo)}
        {tool('redo', t('editor.redo'), <RedoOutlined />, () => chain().redo().run(), false, !active?.canRedo)}
        <input
          ref={fileInput}
          type="file"
          accept={acceptOf(limitsOf('image'))}
          className="nc-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="rte-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
      <Modal
        open={prompt !== null}
        title={prompt?.kind === 'video' ? t('editor.video_title') : t('editor.link_title')}
        onCancel={() => setPrompt(null)}
        onOk={applyPrompt}
        okText={t('editor.insert')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ 'data-testid': 'rte-prompt-ok' } as ButtonProps}
        zIndex={DIALOG_Z_INDEX}
        width={{ xs: '100%', sm: 460 }}
        className="nc-modal"
        destroyOnHidden
      >
        <Input
          autoFocus
          value={prompt?.value ?? ''}
          onChange={(event) => {
            setPromptError(null);
            setPrompt((current) => (current ? { ...current, value: event.target.value } : current));
          }}
          onPressEnter={applyPrompt}
          placeholder={prompt?.kind === 'video' ? 'https://www.youtube.com/watch?v=…' : 'https://…'}
          aria-label={prompt?.kind === 'video' ? t('editor.video_title') : t('editor.link_title')}
          status={promptError ? 'error' : undefined}
          data-testid="rte-prompt-input"
        />
        <p className={promptError ? 'nc-rte__prompt-hint nc-rte__prompt-hint--error' : 'nc-rte__prompt-hint'} role={promptError ? 'alert' : undefined}>
          {promptError ?? (prompt?.kind === 'video' ? t('editor.video_hint') : t('editor.link_hint'))}
        </p>
      </Modal>
    </div>
  );
}
