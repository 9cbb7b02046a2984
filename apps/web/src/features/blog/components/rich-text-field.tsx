import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The article's body, written as rich text (Tiptap through @mantine/tiptap). Its module is imported only by the
 * editor's screen, so Tiptap and ProseMirror load there and nowhere else (decision 0060). The marks offered are
 * the ones the server keeps when it sanitises (modules/blog/article-html.ts): headings 2–3, lists, quotes, links.
 */
export function RichTextField(props: {
  label: string;
  value: string;
  error?: string;
  onChange: (html: string) => void;
}) {
  const { t } = useTranslation('admin-blog');
  const id = useId();
  const editor = useEditor({
    shouldRerenderOnTransaction: true,
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3] }, codeBlock: false }),
      Link.configure({ openOnClick: false }),
    ],
    content: props.value,
    editorProps: {
      attributes: { 'aria-labelledby': `${id}-label`, 'data-testid': 'article-content' },
    },
    onUpdate: ({ editor: changed }) => props.onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  const labels = {
    boldControlLabel: t('editor.toolbar.bold'),
    italicControlLabel: t('editor.toolbar.italic'),
    underlineControlLabel: t('editor.toolbar.underline'),
    strikeControlLabel: t('editor.toolbar.strike'),
    codeControlLabel: t('editor.toolbar.code'),
    h2ControlLabel: t('editor.toolbar.h2'),
    h3ControlLabel: t('editor.toolbar.h3'),
    bulletListControlLabel: t('editor.toolbar.bulletList'),
    orderedListControlLabel: t('editor.toolbar.orderedList'),
    blockquoteControlLabel: t('editor.toolbar.blockquote'),
    hrControlLabel: t('editor.toolbar.hr'),
    linkControlLabel: t('editor.toolbar.link'),
    unlinkControlLabel: t('editor.toolbar.unlink'),
    undoControlLabel: t('editor.toolbar.undo'),
    redoControlLabel: t('editor.toolbar.redo'),
    linkEditorInputLabel: t('editor.toolbar.linkEditorInputLabel'),
    linkEditorInputPlaceholder: t('editor.toolbar.linkEditorInputPlaceholder'),
    linkEditorSave: t('editor.toolbar.linkEditorSave'),
    linkEditorExternalLink: t('editor.toolbar.linkEditorExternalLink'),
    linkEditorInternalLink: t('editor.toolbar.linkEditorInternalLink'),
  };
  return (
    <Input.Wrapper label={props.label} id={id} labelProps={{ id: `${id}-label` }} error={props.error}>
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar sticky stickyOffset={60}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={320} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
