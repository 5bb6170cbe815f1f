export { MenuGroup, type MenuGroupProps, type MenuTile } from './menu-group';
