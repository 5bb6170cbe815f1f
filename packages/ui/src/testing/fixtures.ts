import type { BannerItem } from '../banner-carousel/banner-carousel';
import type { MenuTile } from '../menu-group/menu-group';

/**
 * Sample data for the stories: banners and icons drawn as inline SVG (no network needed),
 * menus and list items worded as a registration hall's are.
 */

function svgUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function bannerSvg(from: string, to: string, headline: string, subline: string): string {
  return svgUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="750" height="360" viewBox="0 0 750 360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="750" height="360" fill="url(#g)"/>
  <g fill="#fff" opacity="0.14">
    <rect x="470" y="140" width="70" height="220"/><rect x="550" y="90" width="90" height="270"/><rect x="650" y="170" width="70" height="190"/>
    <circle cx="660" cy="70" r="38"/>
  </g>
  <g fill="#fff" opacity="0.28">
    <rect x="565" y="115" width="14" height="14"/><rect x="595" y="115" width="14" height="14"/><rect x="565" y="145" width="14" height="14"/><rect x="595" y="145" width="14" height="14"/>
  </g>
  <text x="48" y="150" fill="#fff" font-size="52" font-weight="700" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">${headline}</text>
  <text x="50" y="212" fill="#fff" fill-opacity="0.88" font-size="28" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">${subline}</text>
  <rect x="50" y="246" width="150" height="46" rx="23" fill="#fff" fill-opacity="0.22"/>
  <text x="125" y="277" fill="#fff" font-size="22" text-anchor="middle" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif">立即了解</text>
</svg>`);
}

export const sampleBanners: BannerItem[] = [
  { id: 1, image: bannerSvg('#1f5fbf', '#3d8bfd', '不动产登记网上办', '足不出户 · 掌上办理登记业务'), title: '不动产登记网上办' },
  { id: 2, image: bannerSvg('#17498f', '#2f7fd8', '预约办理 少跑腿', '线上预约窗口时段 · 到点即办'), title: '预约办理 少跑腿' },
  { id: 3, image: bannerSvg('#0f6b6b', '#25a7a0', '电子证照 随查随用', '不动产权证书电子证照查询'), title: '电子证照 随查随用' },
];

const ICON_PATHS = {
  document: '<path d="M30 20h28l12 12v48H30z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><path d="M40 50h20M40 62h20" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  search: '<circle cx="46" cy="46" r="18" fill="none" stroke="#fff" stroke-width="7"/><path d="M60 60l14 14" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  calendar:
    '<rect x="24" y="28" width="52" height="48" rx="6" fill="none" stroke="#fff" stroke-width="6"/><path d="M24 44h52M38 20v14M62 20v14" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  house:
    '<path d="M22 50L50 26l28 24M32 44v32h36V44" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/><rect x="44" y="58" width="12" height="18" fill="#fff"/>',
  certificate:
    '<rect x="22" y="26" width="56" height="42" rx="5" fill="none" stroke="#fff" stroke-width="6"/><circle cx="50" cy="47" r="9" fill="#fff"/><path d="M42 66l-4 14 12-6 12 6-4-14" fill="#fff"/>',
  progress: '<circle cx="50" cy="50" r="26" fill="none" stroke="#fff" stroke-width="6"/><path d="M50 34v17l11 8" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
} as const;

export type SampleIcon = keyof typeof ICON_PATHS;

export function sampleIcon(kind: SampleIcon, color: string): string {
  return svgUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" rx="28" fill="${color}"/>${ICON_PATHS[kind]}</svg>`);
}

export interface SampleMenuGroup {
  id: string;
  title: string;
  items: MenuTile[];
}

export const applyMenuGroup: SampleMenuGroup = {
  id: 'apply',
  title: '网上申请',
  items: [
    { id: 'selapp', name: '在线申请', remark: '抵押、转移、预告登记', icon: sampleIcon('document', '#1f5fbf') },
    { id: 'yuyue', name: '预约办理', remark: '选择网点与时段', icon: sampleIcon('calendar', '#2f9e6f') },
    { id: 'prodoing', name: '我的申请', remark: '查看办理记录', icon: sampleIcon('house', '#e08a1e') },
    { id: 'progressquery', name: '进度查询', remark: '按申请编号查询', icon: sampleIcon('progress', '#7a5af5') },
  ],
};

export const queryMenuGroup: SampleMenuGroup = {
  id: 'query',
  title: '自助查询',
  items: [
    { id: 'certificateQuery', name: '证书查询', remark: '不动产权证书核验', icon: sampleIcon('certificate', '#1f5fbf') },
    { id: 'dzzzQuery', name: '电子证照', remark: '实名认证后查询', icon: sampleIcon('search', '#0f8b8d') },
    { id: 'querycert', name: '查档证明', remark: '不动产登记资料查询', icon: sampleIcon('document', '#d14343') },
  ],
};

export const sampleMenuGroups: SampleMenuGroup[] = [applyMenuGroup, queryMenuGroup];

export const sampleGuides = [
  '不动产登记资料查询办事指南',
  '国有建设用地使用权及房屋所有权首次登记',
  '房屋所有权转移登记（二手房买卖）',
  '抵押权首次登记（一般抵押）',
  '抵押权注销登记',
  '预告登记（预购商品房）',
  '不动产权证书换证、补证登记',
  '更正登记办理须知',
  '异议登记办理须知',
  '继承、受遗赠转移登记',
  '夫妻间不动产权属变更登记',
  '最高额抵押权首次登记',
].map((title, index) => ({ id: index + 1, title }));
