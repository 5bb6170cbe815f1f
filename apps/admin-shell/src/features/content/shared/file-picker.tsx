/**
 * A button that picks one file and hands it on; it reads 上传中… and takes no file while busy. The
 * field is cleared at once, so the same file can be picked again after a refusal.
 */
export function FilePicker({ busy, label, accept, ariaLabel, onFile }: { busy: boolean; label: string; accept: string; ariaLabel: string; onFile: (file: File) => void }) {
  return (
    <label className={`banner-upload${busy ? ' banner-upload--busy' : ''}`}>
      {busy ? '上传中…' : label}
      <input
        type="file"
        accept={accept}
        aria-label={ariaLabel}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
