import { describe, expect, it } from 'vitest';
import {
  applicationNumberText,
  bookingFlagAfterAcceptance,
  isDeletableApplication,
  isRejectionOpinionCollapsed,
  isSubmittableFromList,
  isSubmittableOnDetail,
  rejectionOpinionText,
  REVIEW_ACTION_LABELS,
  REVIEW_STAGE_LABELS,
  REVIEW_TABS,
  reviewBookingAction,
  reviewListActions,
  reviewStatusLabel,
  reviewTabFromItemIndex,
  reviewTabOf,
  reviewStageOf,
  reviewStageStatus,
  reviewTransition,
} from './review';

describe('list tab of each review status (part 2 §4)', () => {
  it.each([
    [-1, 'notSubmitted', 0, '未提交'],
    [0, 'pending', 1, '待审核'],
    [10, 'passed', 2, '审核通过'],
    [20, 'passed', 2, '审核通过'],
    [30, 'passed', 2, '审核通过'],
    [11, 'rejected', 3, '已驳回'],
    [21, 'rejected', 3, '已驳回'],
  ])('shzt %s → %s (tab %s, %s)', (shzt, tab, index, label) => {
    expect(reviewTabOf(shzt)).toBe(tab);
    expect(reviewTabOf(String(shzt))).toBe(tab);
    expect(reviewStatusLabel(shzt)).toBe(label);
    expect(reviewTabFromItemIndex(index)).toBe(tab);
    expect(reviewTabFromItemIndex(String(index))).toBe(tab);
  });

  it('tabs in order 未提交, 待审核, 审核通过, 已驳回', () => {
    expect(REVIEW_TABS.map((t) => [t.index, t.label])).toEqual([
      [0, '未提交'],
      [1, '待审核'],
      [2, '审核通过'],
      [3, '已驳回'],
    ]);
  });

  it('an unknown status belongs to no tab; a bad itemIndex selects the first tab', () => {
    expect(reviewTabOf(5)).toBeNull();
    expect(reviewTabOf(undefined)).toBeNull();
    expect(reviewStatusLabel('x')).toBe('');
    expect(reviewTabFromItemIndex('4')).toBe('notSubmitted');
    expect(reviewTabFromItemIndex(null)).toBe('notSubmitted');
  });
});

describe('submit and delete (part 2 §4, §6)', () => {
  // Not submitted and rejected applications may be submitted again and deleted; the rest may not.
  const openToChange: [number, boolean][] = [
    [-1, true],
    [0, false],
    [10, false],
    [20, false],
    [30, false],
    [11, true],
    [21, true],
  ];

  it.each(openToChange)('detail page, shzt %s submittable: %s', (shzt, expected) => {
    expect(isSubmittableOnDetail(shzt)).toBe(expected);
    expect(isSubmittableOnDetail(String(shzt))).toBe(expected);
  });

  it.each([
    ['notSubmitted', true],
    ['pending', false],
    ['passed', false],
    ['rejected', true],
  ] as const)('list tab %s submittable: %s', (tab, expected) => {
    expect(isSubmittableFromList(tab)).toBe(expected);
  });

  it.each([...openToChange, [99, false]])('shzt %s deletable: %s', (shzt, expected) => {
    expect(isDeletableApplication(shzt)).toBe(expected);
  });
});

describe('list actions (part 2 §2, §4)', () => {
  const item = { applicationId: 'P 1', applicationNumber: 'WL001', district: '110000' };
  const labels = (shzt: number, district = '110000', kyy?: number | string) => reviewListActions({ ...item, shzt, district, kyy }, '11010519491231002X').map((a) => a.label);

  it.each([
    [-1, ['查看/编辑', '删除', '取消']],
    [0, ['查看详情', '取消']],
    [10, ['查看详情', '取消']],
    [20, ['查看详情', '取消']],
    [30, ['查看详情', '取消']],
    [11, ['查看/编辑', '删除', '取消']],
    [21, ['查看/编辑', '删除', '取消']],
    [7, ['取消']],
  ])('shzt %s outside district 630100 → %j', (shzt, expected) => {
    expect(labels(shzt)).toEqual(expected);
  });

  it.each([
    [-1, ['查看/编辑', '删除', '取消']],
    [0, ['查看详情', '取消']],
    [10, ['查看详情', '前往税务局', '取消']],
    [20, ['查看详情', '前往税务局', '取消']],
    [30, ['查看详情', '前往税务局', '取消']],
    [11, ['查看/编辑', '删除', '取消']],
    [21, ['查看/编辑', '删除', '取消']],
  ])('shzt %s in district 630100 → %j', (shzt, expected) => {
    expect(labels(shzt, '630100')).toEqual(expected);
  });

  it('the tax bureau action carries the user ID number', () => {
    expect(reviewListActions({ ...item, shzt: 20, district: 630100 }, '11010519491231002X')).toContainEqual({
      kind: 'goToTaxBureau',
      label: '前往税务局',
      idNumber: '11010519491231002X',
    });
  });

  it('withdraw (撤回) has a label but is never shown', () => {
    expect(REVIEW_ACTION_LABELS.withdraw).toBe('撤回');
    for (const shzt of [-1, 0, 10, 11, 20, 21, 30]) {
      expect(labels(shzt, '630100', 1)).not.toContain('撤回');
    }
  });

  it.each([
    [1, { kind: 'book', label: '点击预约', href: '/online/wx/appoint/index?proinstid=P%201' }],
    ['1', { kind: 'book', label: '点击预约', href: '/online/wx/appoint/index?proinstid=P%201' }],
    [2, { kind: 'viewBookingSlip', label: '查看预约单', href: '/online/public/appointment/showcard?wlsh=WL001' }],
    ['2', { kind: 'viewBookingSlip', label: '查看预约单', href: '/online/public/appointment/showcard?wlsh=WL001' }],
    [0, null],
    [undefined, null],
  ])('kyy %s → %j', (kyy, expected) => {
    expect(reviewBookingAction({ ...item, kyy })).toEqual(expected);
  });

  it('the booking action comes first and Cancel (取消) last', () => {
    expect(labels(-1, '110000', 1)).toEqual(['点击预约', '查看/编辑', '删除', '取消']);
    expect(labels(20, '630100', 2)).toEqual(['查看预约单', '查看详情', '前往税务局', '取消']);
  });

  it('a slip without an application number still gets an href, its empty wlsh left out', () => {
    expect(reviewBookingAction({ applicationId: 'P', kyy: 2 })).toMatchObject({ href: '/online/public/appointment/showcard' });
  });
});

describe('rejection opinion and application number (part 2 §2, part 3 §2.4)', () => {
  it.each([
    [{ sh_qjdc_yj: '面积不符', sh_xmsl_yj: '材料不全' }, 21, '材料不全'],
    [{ sh_qjdc_yj: '面积不符', sh_xmsl_yj: '材料不全' }, 11, '面积不符'],
    [{ sh_qjdc_yj: '面积不符', sh_xmsl_yj: '材料不全' }, undefined, '材料不全'],
    [{ sh_qjdc_yj: '面积不符' }, 21, '面积不符'],
    [{ sh_qjdc_yj: '面积不符', sh_xmsl_yj: '  ' }, 21, '面积不符'],
    [{ sh_xmsl_yj: '材料不全' }, 11, '材料不全'],
    [{ sh_qjdc_yj: null, sh_xmsl_yj: '' }, 11, '暂无'],
    [{}, 21, '暂无'],
    [null, 21, '暂无'],
  ])('%j at %s → %s', (opinions, shzt, expected) => {
    expect(rejectionOpinionText(opinions, shzt)).toBe(expected);
  });

  it.each([
    ['1234567890123456', 240, false], // 16 + 4 = 20, not above 240 / 12 = 20
    ['12345678901234567', 240, true], // 21 > 20
    ['1234567890123456', 239, true], // 20 > 19.9
    ['暂无', 72, false], // 6, not above 6
    ['暂无', 71, true],
  ])('opinion %s at width %s collapsed: %s', (opinion, width, expected) => {
    expect(isRejectionOpinionCollapsed(opinion, width)).toBe(expected);
  });

  it.each([
    ['BDC2024000001', 'BDC2024000001'],
    ['', '暂未生成'],
    [' ', '暂未生成'],
    [null, '暂未生成'],
    [undefined, '暂未生成'],
  ])('application number %j → %s', (prolsh, expected) => {
    expect(applicationNumberText(prolsh)).toBe(expected);
  });
});

describe('back-office review stages (docs/architecture.md §7)', () => {
  it.each([
    [0, 'pass', undefined, 10, 'cadastralSurvey', false],
    [0, 'reject', '界址不清', 11, 'cadastralSurvey', false],
    [10, 'pass', undefined, 20, 'acceptance', true],
    [10, 'reject', '材料不全', 21, 'acceptance', false],
  ] as const)('%s %s → %s', (from, decision, opinion, to, stage, createsCaseNumber) => {
    const result = reviewTransition(from, decision, opinion);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.transition).toMatchObject({ from, decision, to, stage, createsCaseNumber });
  });

  it.each([
    ['0', '1'],
    ['', '1'],
    [null, '1'],
    ['1', '1'],
    ['2', '2'],
  ] as const)('an accepted case with kyy %s may be booked: kyy %s', (kyy, expected) => {
    expect(bookingFlagAfterAcceptance(kyy)).toBe(expected);
  });

  it('a rejection keeps its opinion in the stage field', () => {
    expect(reviewTransition('0', 'reject', ' 界址不清 ')).toMatchObject({ ok: true, opinion: { field: 'sh_qjdc_yj', text: '界址不清' } });
    expect(reviewTransition('10', 'reject', '材料不全')).toMatchObject({ ok: true, opinion: { field: 'sh_xmsl_yj', text: '材料不全' } });
    expect(reviewTransition(0, 'pass')).not.toHaveProperty('opinion');
  });

  it('a pass keeps the opinion written with it in the stage field, and needs none', () => {
    expect(reviewTransition(0, 'pass', ' 权籍调查无异议 ')).toMatchObject({ ok: true, opinion: { field: 'sh_qjdc_yj', text: '权籍调查无异议' } });
    expect(reviewTransition(10, 'pass', '材料齐全，予以受理')).toMatchObject({ ok: true, opinion: { field: 'sh_xmsl_yj', text: '材料齐全，予以受理' } });
    expect(reviewTransition(10, 'pass', '  ')).not.toHaveProperty('opinion');
  });

  it('a rejection without an opinion is refused', () => {
    expect(reviewTransition(0, 'reject')).toEqual({ ok: false, reason: 'opinionRequired' });
    expect(reviewTransition(10, 'reject', '   ')).toEqual({ ok: false, reason: 'opinionRequired' });
  });

  it.each([-1, 11, 20, 21, 30, 5])('status %s is not under review: every decision is refused', (from) => {
    expect(reviewTransition(from, 'pass')).toEqual({ ok: false, reason: 'notUnderReview' });
    expect(reviewTransition(from, 'reject', '意见')).toEqual({ ok: false, reason: 'notUnderReview' });
  });

  it('stage labels', () => {
    expect(REVIEW_STAGE_LABELS).toEqual({ cadastralSurvey: '权籍调查审核', acceptance: '受理审核' });
  });
});

describe('the stage an application waits at (docs/architecture.md §7)', () => {
  it('权籍调查审核 waits at 0, 受理审核 at 10', () => {
    expect(reviewStageStatus('cadastralSurvey')).toBe(0);
    expect(reviewStageStatus('acceptance')).toBe(10);
  });

  it.each([
    [0, 'cadastralSurvey'],
    ['10', 'acceptance'],
    [-1, null],
    [11, null],
    [20, null],
    [21, null],
  ] as const)('shzt %s waits at %s', (shzt, stage) => {
    expect(reviewStageOf(shzt)).toBe(stage);
  });
});
