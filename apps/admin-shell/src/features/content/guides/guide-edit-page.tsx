import { GUIDE_TITLE_MAX_LENGTH, MATERIAL_NAME_MAX_LENGTH, NO_DATA_MESSAGE, type CatalogueMaterial, type ConsoleGuide } from '@hall/api/browser';
import { recordOf } from '@hall/app';
import { LoadingState } from '@hall/ui/load-state';
import { Button, Checkbox } from 'antd-mobile';
import { Input, showSuccess } from '@hall/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormError, useFormSubmit } from '../../../components/form-submit';
import { LoadFailure } from '../../../components/load-failure';
import { api } from '../../../lib/hall';
import { RichTextEditor } from '../articles/rich-text-editor';
import { moved, refusalOf } from '../shared/content-api';
import { OrderButtons } from '../shared/order-buttons';
import { MaterialHelpEditor } from './material-help-editor';
import '../shared/content-forms.css';
import { ConsolePage } from '../../../components/console-page';
import { useConsoleRemote } from '../../../lib/use-console-remote';
import { paths } from '../../../config/paths';

type Material = CatalogueMaterial & { key: string };
let nextKey = 0;
const keyed = (material: CatalogueMaterial): Material => ({ ...material, key: `m${(nextKey += 1)}` });

/** The guide and its materials in one form; everything typed stays on the screen whatever the hall answers. */
function GuideForm({ guide }: { guide: ConsoleGuide }) {
  const [title, setTitle] = useState(guide.title || `${guide.prodefName}办事指南`);
  const [content, setContent] = useState(guide.content);
  const [notes, setNotes] = useState(guide.cdzmyhxzContent);
  const [materials, setMaterials] = useState<Material[]>(guide.materials.map(keyed));
  const { busy, error, run } = useFormSubmit(async () => {
    const reply = await api.saveConsoleGuide({
      prodefid: guide.prodefid,
      title,
      content,
      cdzmyhxzContent: notes,
      materials: materials.map(({ name, required, hint, sampleUrl }) => ({ name, required, hint, sampleUrl })),
    });
    const refused = refusalOf(reply, '保存失败，请稍后重试');
    if (!refused) showSuccess('保存成功，新提交的申请将按此材料清单办理');
    return refused;
  });
  const change = (key: string, patch: Partial<CatalogueMaterial>) => setMaterials((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const move = (key: string, step: -1 | 1) =>
    setMaterials((list) => {
      const order = moved(
        list.map((item) => item.key),
        key,
        step,
      );
      return order ? order.map((k) => list.find((item) => item.key === k)!) : list;
    });

  return (
    <section className="console-section" aria-label="办事指南">
      <h2>{guide.prodefName}</h2>
      <label className="console-muted" htmlFor="guide-title">
        标题
      </label>
      <Input id="guide-title" className="content-field" value={title} onChange={setTitle} maxLength={GUIDE_TITLE_MAX_LENGTH} />
      <p className="console-muted">办事指南正文</p>
      <RichTextEditor initial={guide.content} onChange={setContent} label="办事指南正文" />
      <p className="console-muted">材料须知（可不填）</p>
      <RichTextEditor initial={guide.cdzmyhxzContent} onChange={setNotes} label="材料须知" />
      <h2 className="guide-materials-title">所需材料</h2>
      <p className="console-muted">修改只影响之后新建的申请；已开始办理的申请保留其原有材料清单。上传提示和示例图片在市民上传资料时显示，保存后立即生效。</p>
      <ul className="console-list" aria-label="所需材料">
        {materials.map((material, index) => (
          <li key={material.key} className="content-card">
            <div className="content-card__body">
              <Input className="content-field" aria-label={`第${index + 1}项材料名称`} value={material.name} maxLength={MATERIAL_NAME_MAX_LENGTH} onChange={(name) => change(material.key, { name })} />
              <MaterialHelpEditor material={material} position={index + 1} onChange={(patch) => change(material.key, patch)} />
              <div className="content-card__actions">
                <Checkbox checked={material.required} onChange={(required) => change(material.key, { required })}>
                  必须提交
                </Checkbox>
                <OrderButtons name={material.name} first={index === 0} last={index === materials.length - 1} busy={busy} onMove={(step) => move(material.key, step)} />
                <Button size="mini" color="danger" fill="outline" onClick={() => setMaterials((list) => list.filter((item) => item.key !== material.key))}>
                  移除
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Button size="small" fill="outline" color="primary" onClick={() => setMaterials((list) => [...list, keyed({ name: '', required: true, hint: '', sampleUrl: '' })])}>
        添加材料
      </Button>
      <FormError message={error} />
      <div className="console-actions">
        <Button block color="primary" loading={busy} onClick={() => void run(undefined)}>
          保存指南与材料
        </Button>
      </div>
    </section>
  );
}

/** 编辑办事指南: one business's guide, its material notes and the materials it asks for. */
export function GuideEditPage() {
  const { prodefid = '' } = useParams();
  const navigate = useNavigate();
  const loaded = useConsoleRemote(async () => recordOf(await api.getConsoleGuide({ prodefid }), NO_DATA_MESSAGE), [prodefid]);
  const backToList = () => navigate(paths.content.guides);
  return (
    <ConsolePage className="content-page" title="编辑办事指南" onBack={backToList}>
      {loaded.loading && <LoadingState />}
      <LoadFailure loaded={loaded} missing="未找到该业务" onBack={backToList} />
      {!loaded.loading && loaded.data && <GuideForm guide={loaded.data} />}
    </ConsolePage>
  );
}
export { GuideEditPage as Component };
