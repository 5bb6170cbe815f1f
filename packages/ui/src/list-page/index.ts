export { ListPage, type ListPageItem, type ListPageProps } from './list-page';
