import { errcodeOk, SessionLostError } from '@hall/api/browser';
import { uploadNextTarget, uploadProgressStep, validateMaterials } from '@hall/domain';
import { ApplySteps, EmptyState, MaterialThumbnails, MaterialViewer, showAlert, showConfirm, showLoading, showToast, type MaterialViewerState } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../../components/hall-page';
import { href } from '../../../config/paths';
import { api } from '../../../lib/api';
import { isWechatBrowser } from '../../../lib/landing';
import { useRemote, submitWithFeedback } from '@hall/app';
import { useSession } from '../../../stores/session';
import { compressImage, loadMaterials, materialFileUrl, type Material } from './materials';
import { chooseAndUpload, wechatSdk } from './wechat-images';
import './materials.css';
import { IMAGES_PER_PICK } from '@hall/ui/constants';

export const UPLOAD_HINT = '请按照帮助提示上传资料';
export const CONFIRM_IMAGE_DELETE = '确定删除该图片?';
export const SAMPLE_LABEL = '查看示例';
const UPLOAD_FAILED = '上传失败，请重试';

/** 资料上传 (spec part 2 §2, §4, §5, §8): the materials of an application, their pictures, and Next to its detail page. */
export function MaterialsUploadPage() {
  const [params] = useSearchParams();
  const slsqId = params.get('slsqId') || params.get('id') || '';
  const appointment = params.get('appointment') ?? '0';
  const djlx = params.get('djlx') ?? '';
  const qllx = params.get('qllx') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<Material | null>(null);
  const [viewer, setViewer] = useState<MaterialViewerState | null>(null);

  const remote = useRemote(() => loadMaterials(openid, slsqId), [openid, slsqId]);
  const step = uploadProgressStep(appointment);

  async function upload(material: Material, pictures: { base64?: string; serverId?: string }[]) {
    const hide = showLoading('上传中');
    let failed = 0;
    try {
      for (const picture of pictures) {
        try {
          const reply = await api.savePicFromWXServer({ openid, datuminstId: material.id, materialId: material.id, ...picture });
          if (!errcodeOk(reply)) {
            failed += 1;
            console.warn('upload failed', reply.errmsg);
          }
        } catch (error) {
          if (error instanceof SessionLostError) return;
          failed += 1;
          console.warn('upload failed', error);
        }
      }
    } finally {
      hide();
    }
    // The spec only logs a failed upload; a toast tells the citizen it did not arrive.
    if (failed > 0) showToast(UPLOAD_FAILED);
    await remote.reload();
  }

  async function add(material: Material) {
    if (isWechatBrowser()) {
      try {
        const wx = await wechatSdk();
        const ids = await chooseAndUpload(wx, IMAGES_PER_PICK);
        if (ids.length > 0)
          await upload(
            material,
            ids.map((serverId) => ({ serverId })),
          );
        return;
      } catch (error) {
        // No JS-SDK (offline, or the config was refused): the file input below still works on iOS and desktop WeChat.
        console.warn('JS-SDK unavailable, using the file input', error);
      }
    }
    setTarget(material);
    input.current?.click();
  }

  async function picked(event: ChangeEvent<HTMLInputElement>) {
    const material = target;
    const files = Array.from(event.target.files ?? []).slice(0, IMAGES_PER_PICK);
    event.target.value = '';
    if (!material || files.length === 0) return;
    const pictures: { base64: string }[] = [];
    for (const file of files) {
      try {
        pictures.push({ base64: await compressImage(file) });
      } catch (error) {
        console.warn('image not readable', error);
      }
    }
    if (pictures.length < files.length) showToast(UPLOAD_FAILED);
    if (pictures.length > 0) await upload(material, pictures);
  }

  async function remove(fileid: string) {
    if (!(await showConfirm(CONFIRM_IMAGE_DELETE, { title: '提示' }))) return;
    // A refused delete is alerted and the list reloaded all the same; only a failed request stops there.
    let answered = false;
    await submitWithFeedback(
      async () => {
        const reply = await api.delSinglePic({ openid, fileid });
        answered = true;
        return errcodeOk(reply) ? null : reply.errmsg || '删除失败';
      },
      { loading: '删除中' },
    );
    if (answered) await remote.reload();
  }

  async function next() {
    const materials = remote.data ?? [];
    const missing = validateMaterials(materials.map((m) => ({ name: m.name, required: m.required, attachments: m.pro_attachment })));
    if (missing) {
      await showAlert(missing, { title: '提示' });
      return;
    }
    const to = uploadNextTarget({ applicationId: slsqId, djlx, qllx, appointment, isSubmit: '1' });
    navigate(href(to.path, to.query));
  }

  const materials = remote.data;
  return (
    <HallPage
      title="资料上传"
      className="hall-upload"
      footer={
        materials ? (
          <div className="hall-upload__footer">
            <Button block color="primary" size="large" onClick={() => void next()}>
              下一步
            </Button>
          </div>
        ) : undefined
      }
    >
      <div className="hall-upload__steps">
        <ApplySteps current={step} withRightsInfo={step === 3} />
      </div>
      <p className="hall-upload__hint">{UPLOAD_HINT}</p>
      {remote.loading && !materials ? (
        <LoadingState />
      ) : remote.error ? (
        <ErrorState message={remote.error} onRetry={() => void remote.reload()} />
      ) : materials && materials.length === 0 ? (
        <EmptyState description="暂无需要上传的资料" />
      ) : (
        materials?.map((material) => {
          const images = material.pro_attachment.map((file) => materialFileUrl(file));
          return (
            <section key={material.id} className="hall-card hall-upload__material" aria-label={material.name}>
              <h2 className="hall-upload__name">
                {material.required === '是' ? (
                  <span className="hall-upload__star" aria-label="必传">
                    *
                  </span>
                ) : null}
                {material.name}
              </h2>
              <MaterialHelp material={material} onSample={(sampleUrl) => setViewer({ pictures: [sampleUrl], index: 0 })} />
              <MaterialThumbnails
                name={material.name}
                pictures={images}
                onOpen={(index) => setViewer({ pictures: images, index })}
                onDelete={(index) => void remove(material.pro_attachment[index]!.id)}
                onAdd={() => void add(material)}
              />
            </section>
          );
        })
      )}
      <input ref={input} type="file" accept="image/*" multiple hidden data-testid="material-file" onChange={(event) => void picked(event)} />
      {/* The journeys find the viewer's close button by its old name, hall-gallery__close. */}
      <MaterialViewer state={viewer} onClose={() => setViewer(null)} closeClassName="hall-gallery__close" />
    </HallPage>
  );
}

/** The catalogue's help under a material's name (the 帮助提示 the page asks the citizen to follow): its hint and 查看示例. */
function MaterialHelp({ material, onSample }: { material: Material; onSample: (sampleUrl: string) => void }) {
  const { hint, sampleUrl } = material;
  if (!hint && !sampleUrl) return null;
  return (
    <div className="hall-upload__help">
      {hint ? <p className="hall-upload__help-text">{hint}</p> : null}
      {sampleUrl ? (
        <Button className="hall-upload__sample" size="small" fill="outline" color="primary" onClick={() => onSample(sampleUrl)}>
          {SAMPLE_LABEL}
        </Button>
      ) : null}
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { MaterialsUploadPage as Component };
