export { MaterialThumbnails, MaterialViewer, type MaterialThumbnailsProps, type MaterialViewerProps, type MaterialViewerState } from './material-pictures';
