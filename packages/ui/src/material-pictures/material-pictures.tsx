import { THUMBNAIL_SIZE_PX } from '../constants';
import { ImageViewer } from 'antd-mobile';
import { AddOutline, CloseCircleFill } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { formatMessage } from '../locale/format';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './material-pictures.css';

const classPrefix = classPrefixOf('material-pictures');

export type MaterialThumbnailsProps = WithNativeProps<{
  /** The material's name, which names each picture (身份证明第1张). */
  name: string;
  /** The pictures' addresses, in upload order. */
  pictures: readonly string[];
  /** The side of a square thumbnail; 78 px, the specification's. */
  size?: number;
  /** Opens the picture at `index` (from 0) in the viewer. */
  onOpen: (index: number) => void;
  /** Offers a delete icon on each picture. */
  onDelete?: (index: number) => void;
  /** Offers an add button after the pictures. */
  onAdd?: () => void;
}>;

/** A material's pictures as square thumbnails, each opening the viewer; delete icons and an add button where the material may still change. */
export function MaterialThumbnails(props: MaterialThumbnailsProps): ReactElement {
  const messages = useMessages().materialPictures;
  const { name, pictures, size = THUMBNAIL_SIZE_PX, onOpen, onDelete, onAdd } = props;
  const square = { width: size, height: size };
  const label = (template: string, index: number) => formatMessage(template, { name, index: index + 1 });
  return withNativeProps(
    props,
    <ul className={classPrefix}>
      {pictures.map((src, index) => (
        <li key={`${index}:${src}`} className={`${classPrefix}-item`} style={square}>
          <button type="button" className={`${classPrefix}-open`} aria-label={label(messages.open, index)} onClick={() => onOpen(index)}>
            <img src={src} alt={label(messages.picture, index)} width={size} height={size} />
          </button>
          {onDelete ? (
            <button type="button" className={`${classPrefix}-delete`} aria-label={label(messages.remove, index)} onClick={() => onDelete(index)}>
              <CloseCircleFill />
            </button>
          ) : null}
        </li>
      ))}
      {onAdd ? (
        <li className={`${classPrefix}-item`} style={square}>
          <button type="button" className={`${classPrefix}-add`} aria-label={formatMessage(messages.add, { name })} onClick={onAdd}>
            <AddOutline />
          </button>
        </li>
      ) : null}
    </ul>,
  );
}

/**
 * The class of a picture viewer's backdrop that hides the page behind it: antd-mobile's own is 75 %
 * black, through which a fixed button of the page (下一步) still shows. Every viewer of the hall takes it.
 */
export const OPAQUE_VIEWER_MASK = 'hall-image-viewer-mask';

/** What the viewer shows: the pictures to swipe between and the one shown first. */
export interface MaterialViewerState {
  pictures: readonly string[];
  index: number;
}

export interface MaterialViewerProps {
  /** null keeps the viewer closed. */
  state: MaterialViewerState | null;
  onClose: () => void;
  /** A further class for the close button, for a page that styles or finds it by its own name. */
  closeClassName?: string;
}

/** The pictures full screen: swipe between them; a tap on a picture or 关闭 closes the viewer. */
export function MaterialViewer({ state, onClose, closeClassName }: MaterialViewerProps): ReactElement {
  const messages = useMessages().materialPictures;
  return (
    <ImageViewer.Multi
      images={[...(state?.pictures ?? [])]}
      visible={state !== null}
      defaultIndex={state?.index ?? 0}
      onClose={onClose}
      classNames={{ mask: OPAQUE_VIEWER_MASK }}
      renderFooter={() => (
        <div className={`${classPrefix}-footer`}>
          <button type="button" className={cx(`${classPrefix}-close`, closeClassName)} onClick={onClose}>
            {messages.close}
          </button>
        </div>
      )}
    />
  );
}
