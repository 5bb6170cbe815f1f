import { ImageViewer } from 'antd-mobile';

export interface GalleryState {
  images: string[];
  index: number;
}

/** The preview gallery of a material's pictures: swipe between them; a tap on a picture or 关闭 closes it. */
export function MaterialGallery({ state, onClose }: { state: GalleryState | null; onClose: () => void }) {
  return (
    <ImageViewer.Multi
      images={state?.images ?? []}
      visible={state !== null}
      defaultIndex={state?.index ?? 0}
      onClose={onClose}
      renderFooter={() => (
        <div className="hall-gallery__footer">
          <button type="button" className="hall-gallery__close" onClick={onClose}>
            关闭
          </button>
        </div>
      )}
    />
  );
}
