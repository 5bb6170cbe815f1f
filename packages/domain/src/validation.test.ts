import { describe, expect, it } from 'vitest';
import {
  PHONE_CODE_FAILURE_TITLE,
  PROPERTY_FIELD_LABELS,
  slotBookingMessage,
  validateAppointment,
  validateApplicant,
  validateCancellation,
  validateCertificateQuery,
  validateDatetimeInput,
  validateFeedback,
  validateGenericInput,
  validateMaterials,
  validateMortgage,
  validatePassword,
  validatePhoneCodeSearch,
  validatePreNotice,
  validateProfile,
  validateProfileStrict,
  validatePropertyForm,
  validatePropertyQuery,
  validateRealName,
  validateSignatureUpload,
  validateSigning,
  validateTransferRights,
  VALIDATION_MESSAGES,
} from './validation';

const TODAY = new Date(2026, 10, 22);
const VALID_ID = '11010519491231002X';
/** Right length, wrong check digit. */
const BAD_ID = '110105194912310021';

describe('the messages the spec words, character for character', () => {
  it.each([
    ['profileIncomplete', '请先填写姓名、手机号、身份证号码'],
    ['profileIdLength', '请确认身份证号码位数是否正确!'],
    ['profileMobile', '请确认手机号码是否正确!'],
    ['profileIdFormat', '请检查身份证号码是否正确!'],
    ['realNameIncomplete', '请先填写姓名和手机号'],
    ['feedbackEmpty', '信息未填写完整，请补充完整'],
    ['queryIncomplete', '请填入内容'],
    ['queryName', '没有输入姓名!'],
    ['queryIdNumber', '身份证格式有误!'],
    ['queryCertificateNumber', '请输入权证号!'],
    ['uploadPdfOnly', '只能上传pdf文件'],
    ['uploadPdfOrOfdOnly', '只能上传pdf或ofd文件'],
    ['uploadTooLarge', '文件大小不超过500M'],
    ['appointmentArea', '办理地点不能为空'],
    ['appointmentProcess', '办理业务不能为空'],
    ['appointmentDate', '办理日期不能为空'],
    ['appointmentTime', '办理时间不能为空'],
    ['slotFull', '该时间段预约已满，请选择其他时间段！'],
    ['alreadyBooked', '您已预约，不能重复预约！'],
    ['phoneCode', '请输入动态验证码'],
    ['phoneNumber', '请输入正确的手机号'],
    ['applicantName', '姓名不能为空'],
    ['companyName', '公司名称不能为空'],
    ['applicantContact', '联系方式不能为空'],
    ['applicantIdNumber', '请输入合法的证件号码'],
    ['applicantIdRequired', '证件号码不能为空'],
    ['companyIdRequired', '证件号不能为空'],
    ['applicantAddress', '联系地址不能为空'],
    ['agentIdNumber', '代理人身份证号有误!'],
    ['signUnsaved', '请先保存用户信息'],
    ['required', '必填哦'],
    ['mismatch', '输入不一致'],
    ['datetimeRequired', '必填'],
  ] as const)('%s: %s', (key, message) => {
    expect(VALIDATION_MESSAGES[key]).toBe(message);
  });

  it('templates: materials, min and max length', () => {
    expect(VALIDATION_MESSAGES.materialMissing('不动产权证书')).toBe('「不动产权证书」 附件不可为空');
    expect(VALIDATION_MESSAGES.minLength(6)).toBe('至少输入6个字符');
    expect(VALIDATION_MESSAGES.maxLength(20)).toBe('最多输入20个字符');
  });

  it('the phone-code dialog title is 校验失败', () => {
    expect(PHONE_CODE_FAILURE_TITLE).toBe('校验失败');
  });

  it('the messages the spec leaves to us name their limits', () => {
    expect(VALIDATION_MESSAGES.feedbackTooLong).toContain('200');
    expect(VALIDATION_MESSAGES.password).toBe('密码须为6位以上的数字和字母');
    expect(VALIDATION_MESSAGES.shareRange).toBe('共有份额须为0到99.99之间的数字');
    expect(VALIDATION_MESSAGES.fieldDate('权利起始时间')).toBe('权利起始时间须为1949年至2099年之间的日期');
  });
});

describe('validateProfile and validateProfileStrict (part 1 §5)', () => {
  const valid = { name: '张三', idNumber: VALID_ID, mobile: '13812341234' };

  it.each([
    ['valid', valid, null, null],
    ['no name', { ...valid, name: '' }, '请先填写姓名、手机号、身份证号码', '请先填写姓名、手机号、身份证号码'],
    ['blank name', { ...valid, name: '  ' }, '请先填写姓名、手机号、身份证号码', '请先填写姓名、手机号、身份证号码'],
    ['no ID', { ...valid, idNumber: undefined }, '请先填写姓名、手机号、身份证号码', '请先填写姓名、手机号、身份证号码'],
    ['no mobile', { ...valid, mobile: null }, '请先填写姓名、手机号、身份证号码', '请先填写姓名、手机号、身份证号码'],
    ['ID of 16', { ...valid, idNumber: '1101051949123100' }, '请确认身份证号码位数是否正确!', '请确认身份证号码位数是否正确!'],
    ['ID of 16 and bad mobile: length first', { ...valid, idNumber: '1101051949123100', mobile: '2' }, '请确认身份证号码位数是否正确!', '请确认身份证号码位数是否正确!'],
    ['bad check digit', { ...valid, idNumber: BAD_ID }, null, '请检查身份证号码是否正确!'],
    ['bad check digit and bad mobile', { ...valid, idNumber: BAD_ID, mobile: '23812341234' }, '请确认手机号码是否正确!', '请检查身份证号码是否正确!'],
    ['bad mobile', { ...valid, mobile: '23812341234' }, '请确认手机号码是否正确!', '请确认手机号码是否正确!'],
    ['mobile of 10', { ...valid, mobile: '1381234123' }, '请确认手机号码是否正确!', '请确认手机号码是否正确!'],
    ['15-digit ID', { ...valid, idNumber: '110105491231002' }, null, null],
    ['lower-case x', { ...valid, idNumber: '11010519491231002x' }, null, null],
  ])('%s → %s / strict %s', (_, input, expected, strict) => {
    expect(validateProfile(input)).toBe(expected);
    expect(validateProfileStrict(input, TODAY)).toBe(strict);
  });
});

describe('validatePassword', () => {
  it.each([
    ['abc123', null],
    ['Abcdef1', null],
    ['a1b2c3!@', null],
    ['abc12', '密码须为6位以上的数字和字母'],
    ['abcdef', '密码须为6位以上的数字和字母'],
    ['123456', '密码须为6位以上的数字和字母'],
    ['密码密码密码1', '密码须为6位以上的数字和字母'],
    ['', '密码须为6位以上的数字和字母'],
    [null, '密码须为6位以上的数字和字母'],
  ])('%j → %s', (password, expected) => expect(validatePassword(password)).toBe(expected));
});

describe('validateRealName', () => {
  it.each([
    [{ name: '张三', idNumber: VALID_ID }, null],
    [{ name: '', idNumber: VALID_ID }, '请先填写姓名和手机号'],
    [{ name: '张三', idNumber: ' ' }, '请先填写姓名和手机号'],
    [{}, '请先填写姓名和手机号'],
  ])('%j → %s', (input, expected) => expect(validateRealName(input)).toBe(expected));
});

describe('validateFeedback', () => {
  it.each([
    ['有问题', null],
    ['字'.repeat(200), null],
    ['字'.repeat(201), VALIDATION_MESSAGES.feedbackTooLong],
    ['𠀀'.repeat(200), null],
    ['', '信息未填写完整，请补充完整'],
    ['   ', '信息未填写完整，请补充完整'],
    [undefined, '信息未填写完整，请补充完整'],
  ])('%j → %s', (content, expected) => expect(validateFeedback({ content })).toBe(expected));
});

describe('validateCertificateQuery (part 1 §5)', () => {
  const valid = { city: '石河子市', name: '张三', idNumber: VALID_ID, certificateNumber: '新(2024)第六师不动产权第0001234号' };

  it.each([
    ['valid', valid, null],
    ['15 digits', { ...valid, idNumber: '123456789012345' }, null],
    ['17 digits + x, no check-digit rule here', { ...valid, idNumber: '12345678901234567x' }, null],
    ['no city', { ...valid, city: '' }, '请填入内容'],
    ['no name', { ...valid, name: undefined }, '请填入内容'],
    ['no ID', { ...valid, idNumber: '' }, '请填入内容'],
    ['no certificate', { ...valid, certificateNumber: null }, '请填入内容'],
    ['name of spaces', { ...valid, name: '  ' }, '没有输入姓名!'],
    ['ID of 16', { ...valid, idNumber: '1234567890123456' }, '身份证格式有误!'],
    ['ID with Y', { ...valid, idNumber: '12345678901234567Y' }, '身份证格式有误!'],
    ['certificate of spaces', { ...valid, certificateNumber: ' ' }, '请输入权证号!'],
  ])('%s → %s', (_, input, expected) => expect(validateCertificateQuery(input)).toBe(expected));
});

describe('validateSignatureUpload (part 1 §5)', () => {
  // What the message says, not the spec's 512e7: a 600 MB file is refused, exactly 500 MB is taken.
  const MB_500 = 500 * 1024 * 1024;
  it.each([
    ['证照.pdf', 1024, null],
    ['证照.PDF', 1024, null],
    ['证照.pdf', MB_500, null],
    ['证照.pdf', MB_500 + 1, '文件大小不超过500M'],
    ['证照.pdf', 600 * 1024 * 1024, '文件大小不超过500M'],
    ['证照.pdf', 512e7, '文件大小不超过500M'],
    ['证照.png', 1024, '只能上传pdf文件'],
    ['证照.png', MB_500 + 1, '只能上传pdf文件'],
    ['pdf', 1, '只能上传pdf文件'],
  ])('%s of %i bytes → %s', (fileName, size, expected) => expect(validateSignatureUpload({ fileName, size })).toBe(expected));

  it.each([
    ['证照.ofd', 1024, false, '只能上传pdf文件'],
    ['证照.ofd', 1024, true, null],
    ['证照.OFD', 1024, true, null],
    ['证照.pdf', 1024, true, null],
    ['证照.png', 1024, true, '只能上传pdf或ofd文件'],
    ['证照.ofd', MB_500 + 1, true, '文件大小不超过500M'],
  ])('%s of %i bytes, OFD taken: %s → %s', (fileName, size, allowOfd, expected) => expect(validateSignatureUpload({ fileName, size, allowOfd })).toBe(expected));
});

describe('validateAppointment (part 3 §5)', () => {
  const valid = { area: 'a1', process: 'p1', calendar: 'c1', time: 't1' };

  it.each([
    [valid, null],
    [{}, '办理地点不能为空'],
    [{ ...valid, area: '' }, '办理地点不能为空'],
    [{ ...valid, process: '' }, '办理业务不能为空'],
    [{ ...valid, process: '', calendar: '', time: '' }, '办理业务不能为空'],
    [{ ...valid, calendar: '' }, '办理日期不能为空'],
    [{ ...valid, calendar: '', time: '' }, '办理日期不能为空'],
    [{ ...valid, time: '' }, '办理时间不能为空'],
  ])('%j → %s', (input, expected) => expect(validateAppointment(input)).toBe(expected));
});

describe('slotBookingMessage (part 3 §4, §5)', () => {
  it.each([
    [5, 2, false, null],
    [5, 2, true, '您已预约，不能重复预约！'],
    [5, 5, false, '该时间段预约已满，请选择其他时间段！'],
    [5, 5, true, '该时间段预约已满，请选择其他时间段！'],
    [5, 6, false, '该时间段预约已满，请选择其他时间段！'],
  ])('max %i, booked %i, user booked %s → %s', (maxNum, countNum, booked, expected) => {
    expect(slotBookingMessage({ maxNum, countNum }, booked)).toBe(expected);
  });
});

describe('validatePhoneCodeSearch (part 3 §5)', () => {
  it.each([
    [{ code: '1234', serverCode: '1234', phone: '13812341234' }, null],
    [{ code: ' 1234 ', serverCode: '1234', phone: '19912341234' }, null],
    [{ code: '', serverCode: '1234', phone: '13812341234' }, '请输入动态验证码'],
    [{ code: '1235', serverCode: '1234', phone: '13812341234' }, '请输入动态验证码'],
    [{ code: '1234', serverCode: undefined, phone: '13812341234' }, '请输入动态验证码'],
    [{ code: '', serverCode: '', phone: '13812341234' }, '请输入动态验证码'],
    [{ code: '1234', serverCode: '1234', phone: '12812341234' }, '请输入正确的手机号'],
    [{ code: '1234', serverCode: '1234', phone: '' }, '请输入正确的手机号'],
    [{ code: '1', serverCode: '2', phone: '' }, '请输入动态验证码'],
  ])('%j → %s', (input, expected) => expect(validatePhoneCodeSearch(input)).toBe(expected));
});

describe('validatePropertyQuery (part 3 §5)', () => {
  const profile = { name: '张三', cardNumber: VALID_ID };

  it.each([
    [{ ...profile, certificateNumber: '0001234' }, null],
    [{ ...profile, legacyNumber: '石房权证字第1号' }, null],
    [{ ...profile }, VALIDATION_MESSAGES.propertyQueryNumber],
    [{ certificateNumber: '0001234', name: '张三' }, '请先填写姓名和手机号'],
    [{ certificateNumber: '0001234', cardNumber: VALID_ID }, '请先填写姓名和手机号'],
    [{}, VALIDATION_MESSAGES.propertyQueryNumber],
  ])('%j → %s', (input, expected) => expect(validatePropertyQuery(input)).toBe(expected));

  it('asks for the certificate or legacy number in plain Chinese', () => {
    expect(VALIDATION_MESSAGES.propertyQueryNumber).toBe('请输入不动产权证号或原证号');
  });
});

describe('validateApplicant (part 2 §5, part 3 §5)', () => {
  const person = { category: '2', name: '张三', phone: '13812341234', idType: '1', idNumber: VALID_ID, address: '石河子市北一路1号', sharingMode: '0' };
  const company = { category: '1', name: '某某有限公司', phone: '0993-1234567', idType: '7', idNumber: '91659001MA0000000X', address: '' };

  it.each([
    ['valid person', person, null],
    ['valid company without address', company, null],
    ['person by default', { ...person, category: undefined }, null],
    ['person without address when category is blank', { ...person, category: '', address: '' }, '联系地址不能为空'],
    ['no name', { ...person, name: '' }, '姓名不能为空'],
    ['company without name', { ...company, name: ' ' }, '公司名称不能为空'],
    ['no name and no contact: name first', { ...person, name: '', phone: '' }, '姓名不能为空'],
    ['no contact', { ...person, phone: '' }, '联系方式不能为空'],
    ['company without contact', { ...company, phone: '' }, '联系方式不能为空'],
    ['a landline is a contact', { ...person, phone: '0993-1234567' }, null],
    ['ID type 1, bad check digit', { ...person, idNumber: BAD_ID }, '请输入合法的证件号码'],
    ['ID type 1, empty number', { ...person, idNumber: '' }, '请输入合法的证件号码'],
    ['ID type 1, 15 digits', { ...person, idNumber: '110105491231002' }, null],
    ['passport, empty number', { ...person, idType: '3', idNumber: '' }, '证件号码不能为空'],
    ['passport, any number', { ...person, idType: '3', idNumber: 'E12345678' }, null],
    ['no ID type, empty number', { ...person, idType: '', idNumber: '' }, '证件号码不能为空'],
    ['company, empty number', { ...company, idNumber: '' }, '证件号不能为空'],
    ['no address', { ...person, address: ' ' }, '联系地址不能为空'],
    ['bad ID before no address', { ...person, idNumber: BAD_ID, address: '' }, '请输入合法的证件号码'],
    ['agent ID 15 digits', { ...person, agentIdNumber: '123456789012345' }, null],
    ['agent ID 17 digits + X', { ...person, agentIdNumber: '12345678901234567X' }, null],
    ['agent ID 16 digits', { ...person, agentIdNumber: '1234567890123456' }, '代理人身份证号有误!'],
    ['agent ID explicit type 1', { ...person, agentIdType: '1', agentIdNumber: 'abc' }, '代理人身份证号有误!'],
    ['agent passport is not an ID card', { ...person, agentIdType: '3', agentIdNumber: 'E12345678' }, null],
    ['no address before agent ID', { ...person, address: '', agentIdNumber: 'abc' }, '联系地址不能为空'],
    ['agent phone', { ...person, agentPhone: '13812341234' }, null],
    ['bad agent phone', { ...person, agentPhone: '0993-1234567' }, VALIDATION_MESSAGES.agentPhone],
    ['bad agent ID before bad agent phone', { ...person, agentIdNumber: 'abc', agentPhone: '1' }, '代理人身份证号有误!'],
    ['representative phone', { ...company, legalRepresentativePhone: '13812341234' }, null],
    ['bad representative phone', { ...company, legalRepresentativePhone: '2381234123' }, VALIDATION_MESSAGES.legalRepresentativePhone],
    ['share ignored when sole', { ...person, sharingMode: '0', share: '120' }, null],
    ['share ignored without a mode', { ...person, sharingMode: undefined, share: 'abc' }, null],
    ['by share, 50', { ...person, sharingMode: '2', share: '50' }, null],
    ['by share, 0', { ...person, sharingMode: '2', share: '0' }, null],
    ['by share, 99.99', { ...person, sharingMode: '2', share: '99.99' }, null],
    ['by share, 33.33', { ...person, sharingMode: '2', share: 33.33 }, null],
    ['by share, 100', { ...person, sharingMode: '2', share: '100' }, VALIDATION_MESSAGES.shareRange],
    ['by share, -1', { ...person, sharingMode: '2', share: '-1' }, VALIDATION_MESSAGES.shareRange],
    ['by share, three decimals', { ...person, sharingMode: '2', share: '33.333' }, VALIDATION_MESSAGES.shareRange],
    ['by share, text', { ...person, sharingMode: '2', share: 'half' }, VALIDATION_MESSAGES.shareRange],
    ['by share, missing', { ...person, sharingMode: '2', share: '' }, VALIDATION_MESSAGES.shareRequired],
    ['joint, missing share is fine', { ...person, sharingMode: '1', share: '' }, null],
    ['joint, share out of range', { ...person, sharingMode: '1', share: '150' }, VALIDATION_MESSAGES.shareRange],
  ])('%s → %s', (_, input, expected) => expect(validateApplicant(input, TODAY)).toBe(expected));

  it('uses today by default', () => {
    expect(validateApplicant(person)).toBeNull();
  });
});

describe('validateSigning and validateCancellation', () => {
  it.each([
    [{ applicantId: 'sqr-1' }, null],
    [{ applicantId: 12 }, null],
    [{ applicantId: '' }, '请先保存用户信息'],
    [{}, '请先保存用户信息'],
  ])('signing %j → %s', (input, expected) => expect(validateSigning(input)).toBe(expected));

  it.each([
    [{ certificateNumber: '新(2024)第六师不动产权第0001234号' }, null],
    [{ certificateNumber: '' }, VALIDATION_MESSAGES.cancellationCertificate],
    [{}, VALIDATION_MESSAGES.cancellationCertificate],
  ])('cancellation %j → %s', (input, expected) => expect(validateCancellation(input)).toBe(expected));
});

describe('validatePreNotice', () => {
  it.each([
    [{ landUseStart: '2020-01-01', landUseEnd: '2090-01-01' }, null],
    [{ landUseStart: '2020-01-01', landUseEnd: '2020-01-01' }, null],
    [{ landUseStart: '', landUseEnd: '2090-01-01' }, VALIDATION_MESSAGES.landUseStart],
    [{ landUseStart: '', landUseEnd: '' }, VALIDATION_MESSAGES.landUseStart],
    [{ landUseStart: '2020-01-01', landUseEnd: '' }, VALIDATION_MESSAGES.landUseEnd],
    [{ landUseStart: '1948-12-31', landUseEnd: '2090-01-01' }, '土地使用起始日期须为1949年至2099年之间的日期'],
    [{ landUseStart: '2020-01-01', landUseEnd: '2100-01-01' }, '土地使用结束日期须为1949年至2099年之间的日期'],
    [{ landUseStart: '2020-02-30', landUseEnd: '2090-01-01' }, '土地使用起始日期须为1949年至2099年之间的日期'],
    [{ landUseStart: '2020-01-02', landUseEnd: '2020-01-01' }, VALIDATION_MESSAGES.landUseOrder],
  ])('%j → %s', (input, expected) => expect(validatePreNotice(input)).toBe(expected));
});

describe('validateMortgage', () => {
  const general = { claimStart: '2024-01-01', claimEnd: '2034-01-01', method: '1', securedPrincipal: '100' };
  const maximum = { claimStart: '2024-01-01', claimEnd: '2034-01-01', method: '2', maximumClaim: '200.5' };

  it.each([
    ['general', general, null],
    ['maximum', maximum, null],
    ['no start', { ...general, claimStart: '' }, VALIDATION_MESSAGES.claimStart],
    ['no end', { ...general, claimEnd: '' }, VALIDATION_MESSAGES.claimEnd],
    ['no method', { ...general, method: '' }, VALIDATION_MESSAGES.mortgageMethod],
    ['no end and no method: end first', { ...general, claimEnd: '', method: '' }, VALIDATION_MESSAGES.claimEnd],
    ['general without principal', { ...general, securedPrincipal: '' }, VALIDATION_MESSAGES.securedPrincipal],
    ['general does not need the maximum claim', { ...general, maximumClaim: '' }, null],
    ['general with a principal of text', { ...general, securedPrincipal: '一百' }, '被担保主债权数额须为数字'],
    ['maximum without maximum claim', { ...maximum, maximumClaim: ' ' }, VALIDATION_MESSAGES.maximumClaim],
    ['maximum does not need the principal', { ...maximum, securedPrincipal: '' }, null],
    ['maximum with a claim of text', { ...maximum, maximumClaim: '1e5' }, '最高债权数额须为数字'],
    ['principal before dates', { ...general, securedPrincipal: '', claimEnd: '2000-01-01' }, VALIDATION_MESSAGES.securedPrincipal],
    ['end before start', { ...general, claimEnd: '2023-12-31' }, VALIDATION_MESSAGES.claimOrder],
    ['start not a date', { ...general, claimStart: '明年' }, '债权起始日期须为1949年至2099年之间的日期'],
    ['dates with time parts', { ...general, claimStart: '2024-01-01 00:00:00', claimEnd: '2034/1/1' }, null],
  ])('%s → %s', (_, input, expected) => expect(validateMortgage(input)).toBe(expected));

  it('words the required amounts and dates', () => {
    expect(VALIDATION_MESSAGES.securedPrincipal).toBe('被担保主债权数额不能为空');
    expect(VALIDATION_MESSAGES.maximumClaim).toBe('最高债权数额不能为空');
    expect(VALIDATION_MESSAGES.claimStart).toBe('债权起始日期不能为空');
    expect(VALIDATION_MESSAGES.mortgageMethod).toBe('抵押方式不能为空');
  });
});

describe('validateTransferRights', () => {
  const valid = { holdingMethod: '02', certificateCount: '0', transactionAmount: '1200000' };

  it.each([
    [valid, null],
    [{ ...valid, holdingMethod: '' }, '持证方式不能为空'],
    [{ ...valid, certificateCount: '' }, '发证方式不能为空'],
    [{ ...valid, certificateCount: 0 }, null],
    [{ ...valid, transactionAmount: '' }, '交易金额不能为空'],
    [{ ...valid, transactionAmount: '12万' }, '交易金额须为数字'],
    [{}, '持证方式不能为空'],
  ])('%j → %s', (input, expected) => expect(validateTransferRights(input)).toBe(expected));
});

describe('validatePropertyForm (part 2 §5)', () => {
  const fields = [
    { field: 'bdcqzmh', isfillin: '1' },
    { field: 'bdcdyh', isfillin: 1 },
    { field: 'zl', isfillin: '1' },
    { field: 'fwsyqmj', isfillin: '1' },
    { field: 'tdsyq_mj', isfillin: '0' },
    { field: 'qdjg', isfillin: 0 },
    { field: 'qlqssj', isfillin: '0' },
    { field: 'qljssj', isfillin: '1' },
    { field: 'custom_x', isfillin: '1' },
  ];
  const valid = {
    bdcqzmh: '新(2024)第六师不动产权第0001234号',
    bdcdyh: '659001001001GB00001F00010001',
    zl: '石河子市北一路1号',
    fwsyqmj: '120.5',
    qljssj: '2090-12-31',
    custom_x: 'x',
  };

  it.each<[string, Record<string, string | undefined>, string, string | null]>([
    ['valid, optional fields empty', valid, '4', null],
    ['optional fields filled', { ...valid, tdsyq_mj: '30', qdjg: '1000000', qlqssj: '1949-01-01' }, '4', null],
    ['no certificate number', { ...valid, bdcqzmh: '' }, '4', '不动产权证号不能为空'],
    ['no certificate number for qllx 423', { ...valid, bdcqzmh: '' }, '423', null],
    ['no unit number', { ...valid, bdcdyh: undefined }, '4', '不动产单元号不能为空'],
    ['no location', { ...valid, zl: ' ' }, '423', '坐落不能为空'],
    ['field list order decides', { ...valid, bdcdyh: '', zl: '' }, '4', '不动产单元号不能为空'],
    ['area not numeric', { ...valid, fwsyqmj: '120平' }, '4', '房屋建筑面积须为数字'],
    ['optional area not numeric', { ...valid, tdsyq_mj: 'abc' }, '4', '土地使用权面积须为数字'],
    ['optional amount negative', { ...valid, qdjg: '-5' }, '4', '交易金额须为数字'],
    ['date before 1949', { ...valid, qlqssj: '1948-12-31' }, '4', '权利起始时间须为1949年至2099年之间的日期'],
    ['date after 2099', { ...valid, qljssj: '2100-01-01' }, '4', '权利结束时间须为1949年至2099年之间的日期'],
    ['2099-12-31 is in range', { ...valid, qljssj: '2099-12-31' }, '4', null],
    ['not a date', { ...valid, qljssj: '长期' }, '4', '权利结束时间须为1949年至2099年之间的日期'],
    ['unknown field named by its code', { ...valid, custom_x: '' }, '4', 'custom_x不能为空'],
  ])('%s → %s', (_, values, qllx, expected) => {
    expect(validatePropertyForm(fields, values, { qllx })).toBe(expected);
  });

  it('checks nothing outside the field list, and needs no options', () => {
    expect(validatePropertyForm([], {})).toBeNull();
    expect(validatePropertyForm([{ field: 'zl', isfillin: '0' }], { fwsyqmj: 'abc' })).toBeNull();
  });

  it('labels every property-unit field in Chinese', () => {
    for (const field of ['bdcqzmh', 'bdcdyh', 'zl', 'fwsyqmj', 'tdsyq_mj', 'mj_bgh', 'zgzqse', 'bdbzzqse', 'qdjg', 'qlqssj', 'qljssj', 'fwyt', 'tdsyq_yt', 'czfs', 'sfhbzs']) {
      expect(PROPERTY_FIELD_LABELS[field], field).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
  });
});

describe('validateMaterials', () => {
  it.each([
    [[], null],
    [[{ name: '身份证明', required: '是', attachments: [{ id: 'f1' }] }], null],
    [[{ name: '其他材料', required: '否', attachments: [] }], null],
    [[{ name: '其他材料', required: null }], null],
    [[{ name: '身份证明', required: '是', attachments: [] }], '「身份证明」 附件不可为空'],
    [[{ name: '身份证明', required: '是', attachments: null }], '「身份证明」 附件不可为空'],
    [
      [
        { name: '其他材料', required: '否', attachments: [] },
        { name: '不动产权证书', required: '是' },
        { name: '身份证明', required: '是', attachments: [] },
      ],
      '「不动产权证书」 附件不可为空',
    ],
  ])('%j → %s', (materials, expected) => expect(validateMaterials(materials)).toBe(expected));
});

describe('generic inputs (part 3 §5)', () => {
  it.each<[string | null | undefined, Parameters<typeof validateGenericInput>[1], string | null]>([
    ['', { required: true }, '必填哦'],
    ['  ', { required: true }, '必填哦'],
    [null, { required: true }, '必填哦'],
    ['', { minLength: 3 }, null],
    [undefined, {}, null],
    ['ab', { minLength: 3 }, '至少输入3个字符'],
    ['abc', { minLength: 3 }, null],
    ['abcd', { maxLength: 3 }, '最多输入3个字符'],
    ['不动产', { maxLength: 3 }, null],
    ['ab', { required: true, minLength: 3, maxLength: 1 }, '至少输入3个字符'],
    ['abc1', { equalTo: 'abc2' }, '输入不一致'],
    ['abc1', { equalTo: 'abc1' }, null],
    ['ab', { minLength: 3, equalTo: 'abc' }, '至少输入3个字符'],
  ])('%j with %j → %s', (value, rules, expected) => expect(validateGenericInput(value, rules)).toBe(expected));

  it.each([
    ['', '必填'],
    [null, '必填'],
    [undefined, '必填'],
    ['2024-05-06', null],
  ])('datetime %j → %s', (value, expected) => expect(validateDatetimeInput(value)).toBe(expected));
});
