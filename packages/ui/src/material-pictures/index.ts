export { MaterialThumbnails, MaterialViewer, OPAQUE_VIEWER_MASK, type MaterialThumbnailsProps, type MaterialViewerProps, type MaterialViewerState } from './material-pictures';
