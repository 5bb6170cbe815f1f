import { describe, expect, it } from 'vitest';
import {
  applyNextScreen,
  applyNextTarget,
  canAddRightsInfo,
  detailRoute,
  detailTarget,
  FILL_SCREEN_PROGRESS_STEP,
  fillScreenSections,
  infoFillPath,
  isAppointmentApplication,
  isChangeOfHolderCase,
  listEditScreen,
  listEditTarget,
  lookupRoutingPair,
  mortgageeTableRows,
  personSaveNextScreen,
  personSaveNextTarget,
  previewBackTarget,
  progressSteps,
  progressStepViews,
  routeHref,
  showsMortgageAddButton,
  showsMortgageePanel,
  showsMortgageTable,
  showsRightsInfoPanel,
  showsRightsTable,
  showsUnitTable,
  uploadNextTarget,
  uploadProgressStep,
} from './routing';

describe('apply → next screen (part 1 §4, part 2 §4)', () => {
  it.each([
    [100, 23, 'infofilldyqzy'],
    [100, 4, 'infofilldyqsc'],
    [700, 23, 'infofillydy'],
    [700, 423, 'infofillyg_ydy'],
    [700, 4, 'infofillygdj'],
    [200, 23, 'infofilldyqzy'],
    [200, 4, 'infofillJc'],
    [800, 4, 'infofillJc'],
    [400, 4, 'infofillzxdj'],
    [400, 23, 'infofillzxdj'],
    [400, 423, 'infofillzxdj'],
    [400, 999, 'infofillzxdj'],
    [100, 423, 'infofill'],
    [200, 423, 'infofill'],
    [800, 23, 'infofill'],
    [800, 423, 'infofill'],
    [300, 4, 'infofill'],
    ['', '', 'infofill'],
  ])('%s+%s → %s', (djlx, qllx, screen) => {
    expect(applyNextScreen(djlx, qllx)).toBe(screen);
    expect(applyNextScreen(String(djlx), String(qllx))).toBe(screen);
  });

  it('builds the fill screen href with id, djlx, qllx, code, appointment', () => {
    const target = applyNextTarget({ applicationId: 'P1', djlx: '700', qllx: '423', code: 'C 1', appointment: '0' });
    expect(target).toEqual({ path: '/info/infofillyg_ydy', query: { id: 'P1', djlx: '700', qllx: '423', code: 'C 1', appointment: '0' } });
    expect(routeHref(target)).toBe('/info/infofillyg_ydy?id=P1&djlx=700&qllx=423&code=C%201&appointment=0');
  });

  it('an appointment-only application (appointment 1) goes to /upload whatever the pair', () => {
    for (const appointment of [1, '1']) {
      const target = applyNextTarget({ applicationId: 'P1', djlx: 400, qllx: 23, code: 'X', appointment });
      expect(routeHref(target)).toBe(`/upload?slsqId=P1&appointment=1&djlx=400&qllx=23`);
    }
  });
});

describe('person save → next screen (part 2 §4, part 3 §4)', () => {
  it.each([
    [100, 23, 'infofilldyqzy'],
    [100, 4, 'infofilldyqsc'],
    [700, 23, 'infofillydy'],
    [700, 423, 'infofillyg_ydy'],
    [200, 23, 'infofilldyqzy'],
    [200, 4, 'infofillJcinfo'],
    [700, 4, 'infofillygdj'],
    [800, 4, 'infofill'],
    [400, 23, 'infofill'],
    [100, 423, 'infofill'],
  ])('person (category 2) %s+%s → %s', (djlx, qllx, screen) => {
    expect(personSaveNextScreen(djlx, qllx)).toBe(screen);
    for (const category of [2, '2']) {
      const result = personSaveNextTarget({ applicationId: 'A', djlx: String(djlx), qllx, code: 'c', appointment: '0', category });
      expect(result).toEqual({
        ok: true,
        screen,
        target: { path: `/info/${screen}`, query: { id: 'A', djlx: String(djlx), qllx, code: 'c', appointment: '0' } },
      });
    }
  });

  it('a company (category 1) continues only for 100+23, to infofillscdj', () => {
    const result = personSaveNextTarget({ applicationId: 'A', djlx: 100, qllx: 23, appointment: 0, category: '1' });
    expect(result.ok && routeHref(result.target)).toBe('/info/infofillscdj?id=A&djlx=100&qllx=23&appointment=0');
  });

  it.each([
    [100, 4],
    [700, 23],
    [700, 423],
    [200, 23],
    [200, 4],
    [700, 4],
    [800, 4],
    [400, 23],
  ])('a company save for %s+%s is a failure', (djlx, qllx) => {
    expect(personSaveNextTarget({ applicationId: 'A', djlx, qllx, appointment: 0, category: 1 })).toEqual({ ok: false, reason: 'companyNotAllowed' });
  });
});

describe('list View/Edit target (part 2 §2)', () => {
  it.each([
    [100, 23, 'infofillscdj'],
    [100, 4, 'infofilldyqsc'],
    [200, 23, 'infofilldyqzy'],
    [200, 4, 'infofillJcinfo'],
    [800, 4, 'infofillJcinfo'],
    [700, 23, 'infofillydy'],
    [700, 4, 'infofillygdj'],
    [700, 423, 'infofillyg_ydy'],
    [400, 4, 'infofillzxdj'],
    [400, 23, 'infofillzxdj'],
    [400, 423, 'infofillzxdj'],
    [100, 423, 'infofill'],
    [800, 23, 'infofill'],
  ])('%s+%s → /info/%s', (djlx, qllx, screen) => {
    expect(listEditScreen(djlx, qllx)).toBe(screen);
    const target = listEditTarget({ applicationId: 'S1', applicationNumber: 'N1', djlx: String(djlx), qllx: String(qllx), appointment: '0' });
    expect(routeHref(target)).toBe(`/info/${screen}?slbh=N1&id=S1&slsqId=S1&djlx=${djlx}&qllx=${qllx}`);
  });

  it('an application without a number yet leaves its empty slbh out', () => {
    expect(routeHref(listEditTarget({ applicationId: 'S1', djlx: 100, qllx: 4, appointment: 0 }))).toBe('/info/infofilldyqsc?id=S1&slsqId=S1&djlx=100&qllx=4');
  });

  it('appointment 1 goes to /upload with slsqId, appointment, djlx, qllx', () => {
    expect(routeHref(listEditTarget({ applicationId: 'S1', applicationNumber: 'N1', djlx: 700, qllx: 423, appointment: '1' }))).toBe('/upload?slsqId=S1&appointment=1&djlx=700&qllx=423');
  });
});

describe('upload Next → detail page (part 2 §4)', () => {
  it.each([
    [100, 23, '/applyDetailDyqzy'],
    [100, 4, '/applyDetailDyqsc'],
    [200, 23, '/applyDetailDyqzy'],
    [200, 4, '/applyDetailClfmm'],
    [700, 23, '/applyDetailYdy'],
    [700, 4, '/applyDetailYgdj'],
    [800, 4, '/applyDetailYgdj'],
    [700, 423, '/applyDetailYg_Ydy'],
    [400, 4, '/applyDetailZxdj'],
    [400, 23, '/applyDetailZxdj'],
    [400, 423, '/applyDetailZxdj'],
    [100, 423, '/applyDetail'],
    [300, 4, '/applyDetail'],
  ])('%s+%s → %s', (djlx, qllx, path) => {
    expect(uploadNextTarget({ applicationId: 'S', djlx, qllx, appointment: '0' }).path).toBe(path);
  });
});

describe('detail route per pair (part 2 §2 table)', () => {
  it.each([
    [100, 23, '/applyDetailDyqzy'],
    [200, 23, '/applyDetailDyqzy'],
    [700, 23, '/applyDetailYdy'],
    [700, 423, '/applyDetailYg_Ydy'],
    [700, 4, '/applyDetailYgdj'],
    [100, 4, '/applyDetailDyqsc'],
    [200, 4, '/applyDetailClfmm'],
    [400, 4, '/applyDetailZxdj'],
    [400, 23, '/applyDetailZxdj'],
    [400, 423, '/applyDetailZxdj'],
    [100, 423, '/applyDetail'],
  ])('%s+%s → %s', (djlx, qllx, path) => {
    expect(detailRoute(djlx, qllx)).toBe(path);
    expect(detailRoute(String(djlx), String(qllx))).toBe(path);
  });

  it('800+4, absent from the §2 table, follows the upload-Next row so Next and Back agree', () => {
    expect(detailRoute(800, 4)).toBe('/applyDetailYgdj');
  });

  it('carries id, appointment, djlx, qllx, isSubmit', () => {
    expect(routeHref(detailTarget({ applicationId: 'S', djlx: 200, qllx: 4, appointment: '0', isSubmit: true }))).toBe('/applyDetailClfmm?id=S&appointment=0&djlx=200&qllx=4&isSubmit=true');
  });

  it('the preview back button returns to the matching detail page', () => {
    expect(routeHref(previewBackTarget({ applicationId: 'S', djlx: 700, qllx: 423, isSubmit: 'false' }))).toBe('/applyDetailYg_Ydy?id=S&djlx=700&qllx=423&isSubmit=false');
    expect(previewBackTarget({ applicationId: 'S', djlx: 800, qllx: 4 }).path).toBe('/applyDetailYgdj');
    expect(previewBackTarget({ applicationId: 'S', djlx: 100, qllx: 423 }).path).toBe('/applyDetail');
  });
});

describe('fill-screen sections (part 2 §2 table)', () => {
  const allSix = ['obligor', 'obligee', 'mortgagee', 'unit', 'preNotationRights', 'mortgageRights'];
  it.each([
    ['infofill', allSix],
    ['infofillzxdj', ['certificateNumber', 'cancellationReason', 'cancellationRemark']],
    ['infofillygdj', ['obligor', 'obligee', 'unit', 'preNotationRights']],
    ['infofillclfmm', ['obligee', 'obligor', 'unit', 'preNotationRights']],
    ['infofilldyqzy', ['mortgagee', 'unit', 'mortgageRights']],
    ['infofilldyqsc', ['obligor', 'obligee', 'unit', 'mortgageRights']],
    ['infofillydy', ['obligor', 'obligee', 'unit', 'mortgageRights']],
    ['infofillyg_ydy', allSix],
    ['infofillscdj', []],
    ['infofillJc', []],
    ['infofillJcinfo', []],
  ] as const)('%s → %j', (screen, sections) => {
    expect(fillScreenSections(screen)).toEqual(sections);
    expect(infoFillPath(screen)).toBe(`/info/${screen}`);
  });
});

describe('panel rules (part 2 §2)', () => {
  it.each([
    [400, 23, '110000', false],
    ['400', '23', null, false],
    [400, 4, '110000', true],
    [200, 4, '140200', false],
    [200, 23, 140200, false],
    [200, 4, '110000', true],
    [700, 423, '140200', true],
    [100, 23, undefined, true],
  ])('rights-info panel for %s+%s in %s shown: %s', (djlx, qllx, district, shown) => {
    expect(showsRightsInfoPanel(djlx, qllx, district)).toBe(shown);
  });

  it.each([
    [700, 423, true],
    ['700', '423', true],
    [700, 23, false],
    [100, 423, false],
  ])('mortgagee panel for %s+%s shown: %s', (djlx, qllx, shown) => {
    expect(showsMortgageePanel(djlx, qllx)).toBe(shown);
  });

  it('mortgage add button: always on multi-section screens, on the general screen only while none exists', () => {
    for (const screen of ['infofillyg_ydy', 'infofilldyqzy', 'infofilldyqsc', 'infofillydy'] as const) {
      expect(showsMortgageAddButton(screen, '1')).toBe(true);
      expect(showsMortgageAddButton(screen, '')).toBe(true);
    }
    expect(showsMortgageAddButton('infofill', '')).toBe(true);
    expect(showsMortgageAddButton('infofill', '2')).toBe(false);
  });

  it('rights info may be added only when czfs is empty; the tables show only when czfs/dyfs are not', () => {
    expect(canAddRightsInfo('')).toBe(true);
    expect(canAddRightsInfo(undefined)).toBe(true);
    expect(canAddRightsInfo('02')).toBe(false);
    expect(showsRightsTable('01')).toBe(true);
    expect(showsRightsTable('  ')).toBe(false);
    expect(showsRightsTable(null)).toBe(false);
    expect(showsMortgageTable('1')).toBe(true);
    expect(showsMortgageTable('')).toBe(false);
  });

  it('unit table only if the first unit has a bdcdyh', () => {
    expect(showsUnitTable([{ bdcdyh: '110101001001GB00001F00010001' }])).toBe(true);
    expect(showsUnitTable([{ bdcdyh: '' }, { bdcdyh: 'X' }])).toBe(false);
    expect(showsUnitTable([{}])).toBe(false);
    expect(showsUnitTable([])).toBe(false);
    expect(showsUnitTable(undefined)).toBe(false);
  });

  it('mortgagee table lists only persons with sqr_lx 10 and a non-empty sqr_zjlx', () => {
    const persons = [
      { name: 'bank', sqr_lx: '10', sqr_zjlx: '7' },
      { name: 'bank without ID type', sqr_lx: '10', sqr_zjlx: '' },
      { name: 'numeric type', sqr_lx: 10, sqr_zjlx: 6 },
      { name: 'holder', sqr_lx: '0', sqr_zjlx: '1' },
      { name: 'obligor', sqr_lx: 1, sqr_zjlx: '1' },
      { name: 'no ID type', sqr_lx: 10 },
    ];
    expect(mortgageeTableRows(persons).map((p) => p.name)).toEqual(['bank', 'numeric type']);
  });
});

describe('progress bar (part 2 §4, part 3 §2.21)', () => {
  it('has the two step lists', () => {
    expect(progressSteps(true)).toEqual(['业务须知', '权利信息', '上传资料', '完成']);
    expect(progressSteps(false)).toEqual(['业务须知', '上传资料', '完成']);
  });

  it('fill screens are at step 2; upload at 2 for appointment 1, else 3', () => {
    expect(FILL_SCREEN_PROGRESS_STEP).toBe(2);
    expect(uploadProgressStep('1')).toBe(2);
    expect(uploadProgressStep(1)).toBe(2);
    expect(uploadProgressStep('0')).toBe(3);
    expect(uploadProgressStep(undefined)).toBe(3);
  });

  it('marks the current step 进行中', () => {
    expect(progressStepViews(true, 2)).toEqual([
      { title: '业务须知', status: 'finish', description: '' },
      { title: '权利信息', status: 'process', description: '进行中' },
      { title: '上传资料', status: 'wait', description: '' },
      { title: '完成', status: 'wait', description: '' },
    ]);
    expect(progressStepViews(false, 2).map((s) => s.description)).toEqual(['', '进行中', '']);
  });
});

describe('codes', () => {
  it.each([
    [800, 4, true],
    ['800', '4', true],
    [' 800 ', 4, true],
    [800, 23, false],
    [200, 4, false],
  ])('change-of-holder case %s+%s: %s', (djlx, qllx, expected) => {
    expect(isChangeOfHolderCase(djlx, qllx)).toBe(expected);
  });

  it('appointment flag 1 only', () => {
    expect(isAppointmentApplication('1')).toBe(true);
    expect(isAppointmentApplication(1)).toBe(true);
    expect(isAppointmentApplication('0')).toBe(false);
    expect(isAppointmentApplication(null)).toBe(false);
  });

  it('lookup prefers the exact pair over the any-qllx row', () => {
    expect(lookupRoutingPair({ '400+23': 'exact', '400+*': 'any' }, 400, 23)).toBe('exact');
    expect(lookupRoutingPair({ '400+23': 'exact', '400+*': 'any' }, 400, 4)).toBe('any');
    expect(lookupRoutingPair({ '400+23': 'exact' }, 100, 23)).toBeUndefined();
  });

  it('routeHref leaves out empty values and a bare path stays bare', () => {
    expect(routeHref({ path: '/x', query: {} })).toBe('/x');
    expect(routeHref({ path: '/x', query: { a: undefined, b: null, e: '', c: false, 'd&': '?=' } })).toBe('/x?c=false&d%26=%3F%3D');
  });
});
