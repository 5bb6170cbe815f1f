import { describe, expect, it } from 'vitest';
import { citizenPaths, getHref } from './citizen-paths';
import { DETAIL_PAGE_SCREENS } from './application-sections';
import { DETAIL_DEFAULT_ROUTE, DETAIL_ROUTES } from './routing';

describe('getHref, the one href builder', () => {
  it('writes the query in the order given, keys and values encoded', () => {
    expect(getHref(citizenPaths.apply, { id: 'pd-1', name: '房屋 注销', djlx: 400, isSubmit: true })).toBe('/apply?id=pd-1&name=%E6%88%BF%E5%B1%8B%20%E6%B3%A8%E9%94%80&djlx=400&isSubmit=true');
    expect(getHref(citizenPaths.pdfView, { PDFurl: '/online/public/dzzz/signature/preview?id=7' })).toBe('/PDFview?PDFurl=%2Fonline%2Fpublic%2Fdzzz%2Fsignature%2Fpreview%3Fid%3D7');
  });

  it('leaves out empty values (null, undefined and an empty string) and keeps zero and false', () => {
    expect(getHref(citizenPaths.infoPerson, { type: 1, id: '', slsqId: 'S1', code: undefined, appointment: 0, isSign: false, userid: null })).toBe(
      '/info/person?type=1&slsqId=S1&appointment=0&isSign=false',
    );
  });

  it('a path without a query stays bare', () => {
    expect(getHref(citizenPaths.upload)).toBe('/upload');
    expect(getHref(citizenPaths.upload, { slsqId: '' })).toBe('/upload');
  });
});

describe('the route tree', () => {
  it('every detail page of the tree is a routing target and mirrors a fill screen', () => {
    const detailPages = Object.values(citizenPaths.applyDetail);
    expect(new Set([...Object.values(DETAIL_ROUTES), DETAIL_DEFAULT_ROUTE])).toEqual(new Set(detailPages));
    expect(Object.keys(DETAIL_PAGE_SCREENS).sort()).toEqual([...detailPages].sort());
  });
});
