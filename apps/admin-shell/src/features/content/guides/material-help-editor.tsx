import { MATERIAL_HINT_MAX_LENGTH, type CatalogueMaterial } from '@hall/api/browser';
import { Input } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { uploadArticlePicture } from '../articles/articles-api';
import { FilePicker } from '../shared/file-picker';

/**
 * A material's help at 资料上传: the hint the citizen reads, and a sample picture uploaded through the
 * hall's picture upload (checked to be an image by its bytes there). A refused picture says why and
 * leaves the sample as it was.
 */
export function MaterialHelpEditor({ material, position, onChange }: { material: CatalogueMaterial; position: number; onChange: (patch: Partial<CatalogueMaterial>) => void }) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const label = material.name || `第${position}项材料`;

  async function pick(file: File) {
    setUploading(true);
    setProblem(null);
    const outcome = await uploadArticlePicture(file);
    setUploading(false);
    if ('url' in outcome) onChange({ sampleUrl: outcome.url });
    else setProblem(outcome.problem);
  }

  return (
    <div className="guide-material-help">
      <Input
        className="content-field"
        aria-label={`第${position}项材料的上传提示`}
        placeholder="上传提示（可不填），例如：上传身份证正反两面"
        value={material.hint}
        maxLength={MATERIAL_HINT_MAX_LENGTH}
        onChange={(hint) => onChange({ hint })}
      />
      <div className="content-card__actions">
        {material.sampleUrl ? <img className="guide-material-help__sample" src={material.sampleUrl} alt={`${label}示例图片`} /> : null}
        <FilePicker
          busy={uploading}
          label={material.sampleUrl ? '更换示例图片' : '上传示例图片'}
          accept="image/png,image/jpeg,image/gif,image/webp"
          ariaLabel={`上传第${position}项材料的示例图片`}
          onFile={(file) => void pick(file)}
        />
        {material.sampleUrl ? (
          <Button size="mini" fill="outline" onClick={() => onChange({ sampleUrl: '' })}>
            移除示例图片
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p className="guide-material-help__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
