import { describe, expect, it } from 'vitest';
import {
  DETAIL_PAGE_SCREENS,
  MORTGAGEE_MISSING,
  PERSON_SECTION_KINDS,
  UNITS_MISSING,
  applicantCategoryOf,
  applicantKindTitle,
  checkedScreen,
  detailPageScreen,
  firstSectionLack,
  personSectionTitle,
  screenSections,
  sectionLack,
  visibleSections,
  type ApplicationCase,
  type FilledApplication,
} from './application-sections';
import { ID_TYPES } from './enums';
import type { DetailRoute } from './citizen-paths';
import type { FillSection, InfoFillScreen } from './routing';
import { ALREADY_SUBMITTED, REVIEW_STATUS, REVIEW_STATUS_VALUES, statusRefusal, type StatusRefusedAction } from './review';

describe('the screen of each detail page', () => {
  const rows: [DetailRoute, InfoFillScreen][] = [
    ['/applyDetail', 'infofill'],
    ['/applyDetailDyqzy', 'infofilldyqzy'],
    ['/applyDetailDyqsc', 'infofilldyqsc'],
    ['/applyDetailClfmm', 'infofillclfmm'],
    ['/applyDetailYdy', 'infofillydy'],
    ['/applyDetailYgdj', 'infofillygdj'],
    ['/applyDetailYg_Ydy', 'infofillyg_ydy'],
    ['/applyDetailZxdj', 'infofillzxdj'],
  ];
  it.each(rows)('%s shows the sections of %s', (route, screen) => {
    expect(detailPageScreen(route)).toBe(screen);
  });
  it('covers every detail route', () => {
    expect(Object.keys(DETAIL_PAGE_SCREENS).sort()).toEqual(rows.map(([route]) => route).sort());
  });
});

describe('the screen a pair is checked against', () => {
  it.each([
    ['100', '23', 'infofilldyqzy'],
    ['100', '4', 'infofilldyqsc'],
    ['700', '23', 'infofillydy'],
    ['700', '423', 'infofillyg_ydy'],
    ['700', '4', 'infofillygdj'],
    ['200', '23', 'infofilldyqzy'],
    // infofillJc has its own layout: the detail page's screen is checked.
    ['200', '4', 'infofillclfmm'],
    ['800', '4', 'infofillygdj'],
    ['400', '23', 'infofillzxdj'],
    ['400', '4', 'infofillzxdj'],
    ['100', '423', 'infofill'],
  ] as const)('%s+%s → %s', (djlx, qllx, screen) => {
    expect(checkedScreen(djlx, qllx)).toBe(screen);
  });
});

describe('the sections of a fill screen', () => {
  const six: FillSection[] = ['obligor', 'obligee', 'mortgagee', 'unit', 'preNotationRights', 'mortgageRights'];
  it.each([
    ['infofill', '100', '423', six],
    ['infofillyg_ydy', '700', '423', six],
    ['infofillzxdj', '400', '23', ['certificateNumber', 'cancellationReason', 'cancellationRemark']],
    ['infofillygdj', '700', '4', ['obligor', 'obligee', 'unit', 'preNotationRights']],
    ['infofillclfmm', '200', '4', ['obligee', 'obligor', 'unit', 'preNotationRights']],
    ['infofilldyqzy', '100', '23', ['mortgagee', 'unit', 'mortgageRights']],
    ['infofilldyqsc', '100', '4', ['obligor', 'obligee', 'unit', 'mortgageRights']],
    ['infofillydy', '700', '23', ['obligor', 'obligee', 'unit', 'mortgageRights']],
    // The screens with their own layout borrow their pair's detail page sections.
    ['infofillscdj', '100', '4', ['obligor', 'obligee', 'unit', 'mortgageRights']],
    ['infofillJc', '200', '4', ['obligee', 'obligor', 'unit', 'preNotationRights']],
    ['infofillJcinfo', '800', '4', ['obligor', 'obligee', 'unit', 'preNotationRights']],
  ] as const)('%s for %s+%s', (screen, djlx, qllx, sections) => {
    expect(screenSections(screen, djlx, qllx)).toEqual(sections);
  });
});

describe('the sections a case shows', () => {
  const base: ApplicationCase = { djlx: '700', qllx: '423', district: '630100', ywr: '1' };
  it.each<[string, InfoFillScreen, ApplicationCase, FillSection[]]>([
    ['all six for 700+423', 'infofill', base, ['obligor', 'obligee', 'mortgagee', 'unit', 'preNotationRights', 'mortgageRights']],
    ['no obligors when the business has none', 'infofill', { ...base, ywr: '0' }, ['obligee', 'mortgagee', 'unit', 'preNotationRights', 'mortgageRights']],
    ['no mortgagee on the general screen but for 700+423', 'infofill', { ...base, djlx: '100', qllx: '423' }, ['obligor', 'obligee', 'unit', 'preNotationRights', 'mortgageRights']],
    ['the mortgagee on its own screen', 'infofilldyqzy', { ...base, djlx: '100', qllx: '23' }, ['mortgagee', 'unit', 'mortgageRights']],
    ['no rights for 400+23', 'infofillzxdj', { ...base, djlx: '400', qllx: '23' }, ['certificateNumber', 'cancellationReason', 'cancellationRemark']],
    ['no rights for djlx 200 in 140200', 'infofillJc', { ...base, djlx: '200', qllx: '4', district: '140200' }, ['obligee', 'obligor', 'unit']],
    ['rights for djlx 200 elsewhere', 'infofillJc', { ...base, djlx: '200', qllx: '4' }, ['obligee', 'obligor', 'unit', 'preNotationRights']],
  ])('%s', (_, screen, application, sections) => {
    expect(visibleSections(screen, application)).toEqual(sections);
  });
});

describe('what a section lacks', () => {
  const complete: FilledApplication = {
    titles: { qlrAlias: '买受人', ywrAlias: '出卖人' },
    applicants: [
      { sqr_lx: '0', sqr_zjlx: '1' },
      { sqr_lx: '1', sqr_zjlx: '1' },
      { sqr_lx: '10', sqr_zjlx: '7' },
    ],
    unitCount: 1,
    rightsRecords: new Map<string, Record<string, string>>([
      ['2', {}],
      ['3', {}],
      ['4', { BDCZMH: '晋(2024)太原市不动产权第0000001号' }],
    ]),
  };
  const none: FilledApplication = { ...complete, applicants: [], unitCount: 0, rightsRecords: new Map() };
  it.each<[FillSection, InfoFillScreen, FilledApplication, string | null]>([
    ['obligee', 'infofill', complete, null],
    ['obligee', 'infofill', none, '请添加买受人'],
    ['obligor', 'infofill', complete, null],
    ['obligor', 'infofill', none, '请添加出卖人'],
    ['mortgagee', 'infofilldyqzy', complete, null],
    ['mortgagee', 'infofilldyqzy', none, MORTGAGEE_MISSING],
    ['mortgagee', 'infofilldyqzy', { ...none, applicants: [{ sqr_lx: '10', sqr_zjlx: '' }] }, '请添加抵押权人'],
    ['unit', 'infofill', complete, null],
    ['unit', 'infofill', none, UNITS_MISSING],
    ['preNotationRights', 'infofillygdj', complete, null],
    ['preNotationRights', 'infofillclfmm', { ...none, rightsRecords: new Map([['99', {}]]) }, null],
    ['preNotationRights', 'infofillygdj', none, '请填写预告权利信息'],
    ['mortgageRights', 'infofillydy', complete, null],
    ['mortgageRights', 'infofillydy', { ...none, rightsRecords: new Map([['99', {}]]) }, '请填写抵押权利信息'],
    ['mortgageRights', 'infofill', { ...none, rightsRecords: new Map([['99', {}]]) }, null],
    ['mortgageRights', 'infofill', none, '请填写权利信息'],
    ['certificateNumber', 'infofillzxdj', complete, null],
    ['certificateNumber', 'infofillzxdj', { ...none, rightsRecords: new Map([['4', { BDCZMH: ' ' }]]) }, '不动产权证号不能为空'],
    ['cancellationReason', 'infofillzxdj', none, null],
    ['cancellationRemark', 'infofillzxdj', none, null],
  ])('%s on %s', (section, screen, filled, lack) => {
    expect(sectionLack(section, screen, filled)).toBe(lack);
  });

  it('reports the first lack of the shown sections, in the screen order', () => {
    const application: ApplicationCase = { djlx: '200', qllx: '4', district: '140200', ywr: '1' };
    expect(firstSectionLack('infofillclfmm', application, none)).toBe('请添加买受人');
    expect(firstSectionLack('infofillclfmm', application, { ...none, applicants: complete.applicants })).toBe(UNITS_MISSING);
    // The rights panel is hidden for djlx 200 in 140200, so nothing else is asked.
    expect(firstSectionLack('infofillclfmm', application, { ...none, applicants: complete.applicants, unitCount: 1 })).toBeNull();
    expect(firstSectionLack('infofillclfmm', { ...application, district: '630100' }, { ...none, applicants: complete.applicants, unitCount: 1 })).toBe('请填写预告权利信息');
  });
});

describe('what a person is called', () => {
  const titles = { qlrAlias: '买受人', ywrAlias: '出卖人' };
  const untitled = { qlrAlias: '', ywrAlias: '' };
  it.each([
    ['0', titles, '买受人'],
    ['1', titles, '出卖人'],
    ['10', titles, '抵押权人'],
    ['0', untitled, '权利人'],
    ['1', untitled, '义务人'],
    ['3', titles, '3'],
  ] as const)('kind %s → %s', (kind, given, title) => {
    expect(applicantKindTitle(kind, given)).toBe(title);
  });
  it.each([
    ['obligee', '0', '买受人'],
    ['obligor', '1', '出卖人'],
    ['mortgagee', '10', '抵押权人'],
  ] as const)('the %s section lists kind %s, titled %s', (section, kind, title) => {
    expect(PERSON_SECTION_KINDS[section]).toBe(kind);
    expect(personSectionTitle(section, titles)).toBe(title);
  });
});

describe('the applicant category by ID type', () => {
  it.each(Object.keys(ID_TYPES).map((idType) => [idType, Number(idType) >= 6 ? '1' : '2'] as const))('ID type %s → category %s', (idType, category) => {
    expect(applicantCategoryOf(idType)).toBe(category);
  });
  it.each([[''], [null], [undefined], ['toString']])('%s is a person', (idType) => {
    expect(applicantCategoryOf(idType)).toBe('2');
  });
});

describe('named review statuses', () => {
  it.each([
    ['notSubmitted', -1],
    ['pending', 0],
    ['surveyPassed', 10],
    ['surveyRejected', 11],
    ['accepted', 20],
    ['acceptanceRejected', 21],
    ['passed', 30],
  ] as const)('%s is %d', (name, status) => {
    expect(REVIEW_STATUS[name]).toBe(status);
  });
  it('names every status', () => {
    expect(Object.values(REVIEW_STATUS).sort((a, b) => a - b)).toEqual([...REVIEW_STATUS_VALUES]);
  });
});

describe('the refusal by status', () => {
  it.each<[StatusRefusedAction, number | string, string]>([
    ['edit', 0, '当前申请状态为「待审核」，只能修改未提交或已驳回的申请'],
    ['edit', 10, '当前申请状态为「审核通过」，只能修改未提交或已驳回的申请'],
    ['edit', 99, '只能修改未提交或已驳回的申请'],
    ['delete', 20, '当前申请状态为「审核通过」，只能删除未提交或已驳回的申请'],
    ['delete', 30, '当前申请状态为「审核通过」，只能删除未提交或已驳回的申请'],
    ['submit', 0, ALREADY_SUBMITTED],
    ['submit', '0', ALREADY_SUBMITTED],
    ['submit', 10, '当前申请状态为「审核通过」，不能提交'],
    ['submit', 99, '不能提交'],
  ])('%s at %s', (action, shzt, message) => {
    expect(statusRefusal(action, shzt)).toBe(message);
  });
});
