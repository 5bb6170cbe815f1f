import { submitWithFeedback } from '@hall/app';
import { useEffect, useRef, useState } from 'react';
import { FilePicker } from '../shared/file-picker';
import type { PictureOutcome } from './articles-api';
import '../banners/banners.css';
import './rich-text-editor.css';

/** A toolbar button: the browser's editing command it runs, with its argument. */
interface Tool {
  label: string;
  title: string;
  run: () => void;
}

const exec = (command: string, value?: string) => document.execCommand(command, false, value);

/**
 * The article editor: an editable area and a toolbar of the formatting the hall keeps (lib/safe-html.ts
 * on the server: headings, bold, italic, lists, links, the hall's own pictures). Whatever it produces, pasted markup included,
 * is sanitised by the server on save, so the editor need not police it; it stays small instead.
 * `initial` is read once: the area owns its content while the operator types.
 */
export function RichTextEditor({
  initial,
  onChange,
  label,
  uploadPicture,
}: {
  initial: string;
  onChange: (html: string) => void;
  label: string;
  /** Uploads a picture; answers its address or why not. Without it the toolbar offers no 插入图片. */
  uploadPicture?: ((file: File) => Promise<PictureOutcome>) | undefined;
}) {
  const area = useRef<HTMLDivElement>(null);
  // Where the caret was when the area lost focus (picking a file takes it away): a picture goes there.
  const caret = useRef<Range | null>(null);
  const [uploading, setUploading] = useState(false);

  // Read once: setting the content on later renders would move the caret.
  const firstContent = useRef(initial);
  useEffect(() => {
    // An empty article starts with a paragraph, so the first line typed is one too.
    if (area.current) area.current.innerHTML = firstContent.current || '<p><br></p>';
    // Enter starts a <p> (the browser's default <div> is not kept by the server, which would run the lines together).
    exec('defaultParagraphSeparator', 'p');
  }, []);

  const changed = () => onChange(area.current?.innerHTML ?? '');

  const keepCaret = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    caret.current = range && area.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };

  /** Puts the picture at the caret, or in a paragraph of its own at the end when the caret was not in the area. */
  function insertPicture(url: string) {
    const body = area.current;
    if (!body) return;
    const image = document.createElement('img');
    image.setAttribute('src', url);
    // Screen readers say something; the operator may describe it better once the editor offers it.
    image.setAttribute('alt', '图片');
    const at = caret.current;
    if (at && body.contains(at.commonAncestorContainer)) {
      at.deleteContents();
      at.insertNode(image);
      at.setStartAfter(image);
    } else {
      const paragraph = document.createElement('p');
      paragraph.append(image);
      body.append(paragraph);
    }
    changed();
  }

  async function pickPicture(file: File) {
    if (!uploadPicture) return;
    setUploading(true);
    let url: string | null = null;
    const sent = await submitWithFeedback(
      async () => {
        const outcome = await uploadPicture(file);
        if ('problem' in outcome) return outcome.problem;
        url = outcome.url;
        return null;
      },
      { onSettled: () => setUploading(false), alert: { title: '图片未能插入' } },
    );
    if (sent && url) insertPicture(url);
  }
  const apply = (run: () => void) => {
    area.current?.focus();
    run();
    changed();
  };

  const tools: Tool[] = [
    { label: 'B', title: '加粗', run: () => exec('bold') },
    { label: 'I', title: '斜体', run: () => exec('italic') },
    { label: '标题', title: '设为小标题', run: () => exec('formatBlock', '<h2>') },
    { label: '正文', title: '设为正文段落', run: () => exec('formatBlock', '<p>') },
    { label: '• 列表', title: '无序列表', run: () => exec('insertUnorderedList') },
    { label: '1. 列表', title: '有序列表', run: () => exec('insertOrderedList') },
    {
      label: '链接',
      title: '为选中的文字加链接',
      run: () => {
        const href = window.prompt('请输入以 http:// 或 https:// 开头的链接地址')?.trim();
        if (href && /^https?:\/\//i.test(href)) exec('createLink', href);
        else if (href) window.alert('链接地址须以 http:// 或 https:// 开头，请重新添加');
      },
    },
    { label: '清除格式', title: '清除选中文字的格式', run: () => exec('removeFormat') },
  ];

  return (
    <div className="rich-text">
      <div className="rich-text__toolbar" role="toolbar" aria-label="正文格式">
        {tools.map((tool) => (
          // mousedown keeps the selection in the area; the click then formats it.
          <button key={tool.title} type="button" title={tool.title} aria-label={tool.title} onMouseDown={(event) => event.preventDefault()} onClick={() => apply(tool.run)}>
            {tool.label}
          </button>
        ))}
        {uploadPicture && <FilePicker busy={uploading} label="插入图片" accept="image/png,image/jpeg,image/gif,image/webp" ariaLabel="插入图片" onFile={(file) => void pickPicture(file)} />}
      </div>
      <div
        ref={area}
        className="rich-text__area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        onInput={changed}
        onBlur={() => {
          keepCaret();
          changed();
        }}
      />
    </div>
  );
}
