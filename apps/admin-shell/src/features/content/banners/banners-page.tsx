import { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_TOO_LARGE, BANNER_TITLE_MAX_LENGTH, type ConsoleBanner } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Button, Form, Switch, Tag } from 'antd-mobile';
import { Input } from '@hall/ui';
import { useState } from 'react';
import { api } from '../../../lib/hall';
import { dataOrThrow, refusalOf } from '../shared/content-api';
import { ContentSheet, SheetForm } from '../shared/content-sheet';
import { CardActions } from '../shared/card-actions';
import { FilePicker } from '../shared/file-picker';
import { useContentList } from '../shared/use-list-actions';
import '../shared/content-forms.css';
import './banners.css';
import { ConsolePage } from '../../../components/console-page';

interface BannerValues {
  title: string;
  link: string;
  enabled: boolean;
}

/** A new banner's or a banner's title, link and switch. */
function BannerForm({ banner, onSaved, onCancel }: { banner: ConsoleBanner | null; onSaved: () => void; onCancel: () => void }) {
  return (
    <SheetForm
      title={banner ? '编辑轮播图' : '新增轮播图'}
      initialValues={{ title: banner?.title ?? '', link: banner?.link ?? '', enabled: banner?.enabled ?? true }}
      save={(values: BannerValues) => api.saveConsoleBanner({ ...(banner ? { id: banner.id } : {}), title: values.title ?? '', link: values.link ?? '', enabled: Boolean(values.enabled) })}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <Form.Item name="title" label="标题" rules={[{ required: true, message: '请填写轮播图标题' }]}>
        <Input maxLength={BANNER_TITLE_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="link" label="点击后打开" description="本应用的页面路径（如 /news），或以 https:// 开头的网址；不填则不可点击">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked" extra={banner?.url ? '停用后市民不再看到这张轮播图' : '上传图片后，启用的轮播图才会显示给市民'}>
        <Switch />
      </Form.Item>
    </SheetForm>
  );
}

/** Sends an image as the banner's; a file too large is refused before it is sent. Answers null when done, else what to do. */
async function sendImage(banner: ConsoleBanner, file: File): Promise<string | null> {
  if (file.size > BANNER_IMAGE_MAX_BYTES) return BANNER_IMAGE_TOO_LARGE;
  return refusalOf(await api.uploadConsoleBannerImage({ id: banner.id, Filedata: file }), '上传失败，请稍后重试');
}

/** Picks an image for the banner; the list sends it (useContentList's act: busy, refusal, 图片已更换). */
function ImagePicker({ banner, busy, onFile }: { banner: ConsoleBanner; busy: boolean; onFile: (file: File) => void }) {
  return <FilePicker busy={busy} label={banner.url ? '更换图片' : '上传图片'} accept="image/png,image/jpeg,image/gif,image/webp" ariaLabel={`上传${banner.title}的图片`} onFile={onFile} />;
}

/** 轮播图管理: the banners of the app's home, in order; image, title, link, on or off (docs/architecture.md §6). */
export function BannersPage() {
  const { loaded, items, busy, act, reorder, remove } = useContentList(async () => dataOrThrow(await api.listConsoleBanners({})).items);
  const [editing, setEditing] = useState<{ banner: ConsoleBanner | null } | null>(null);
  const move = (banner: ConsoleBanner, step: -1 | 1) => reorder(items?.map((item) => item.id) ?? [], banner.id, step, (ids) => api.orderConsoleBanners({ ids }));

  return (
    <ConsolePage
      className="content-page"
      title="轮播图管理"
      loaded={loaded}
      subheader={
        <div className="content-toolbar">
          <Button color="primary" size="small" onClick={() => setEditing({ banner: null })}>
            新增轮播图
          </Button>
        </div>
      }
    >
      {items && items.length === 0 && <EmptyState className="console-empty" description="暂无轮播图" hint="点击“新增轮播图”添加，上传图片并启用后市民即可看到" />}
      {items && items.length > 0 && (
        <ul className="console-list" aria-label="轮播图">
          {items.map((banner, index) => (
            <li key={banner.id} className={`content-card${banner.enabled && banner.url ? '' : ' content-card--off'}`}>
              {banner.url ? <img className="banner-thumb" src={banner.url} alt={banner.title} /> : <span className="banner-thumb banner-thumb--none">暂无图片</span>}
              <div className="content-card__body">
                <span className="console-item__head">
                  <Tag color={banner.enabled && banner.url ? 'success' : 'default'} fill="outline">
                    {!banner.url ? '未上传图片' : banner.enabled ? '显示中' : '已停用'}
                  </Tag>
                  <span className="console-item__title">{banner.title}</span>
                </span>
                <span className="content-card__line">链接：{banner.link || '无'}</span>
                <CardActions
                  name={banner.title}
                  index={index}
                  count={items.length}
                  busy={busy}
                  onEdit={() => setEditing({ banner })}
                  onMove={(step) => move(banner, step)}
                  onRemove={() => void remove(banner.title, () => api.deleteConsoleBanner({ id: banner.id }))}
                >
                  <ImagePicker banner={banner} busy={busy} onFile={(file) => void act(() => sendImage(banner, file), '图片已更换')} />
                </CardActions>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ContentSheet
        editing={editing}
        close={() => setEditing(null)}
        reload={loaded.reload}
        render={({ banner }, saved) => <BannerForm banner={banner} onCancel={() => setEditing(null)} onSaved={saved} />}
      />
    </ConsolePage>
  );
}
export { BannersPage as Component };
