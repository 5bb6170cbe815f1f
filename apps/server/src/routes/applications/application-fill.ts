import { applicantSave, contract, rightsSave, unitSave } from '@hall/api/internal';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { parseJsonField } from '../../services/applications/application-editing';
import { CHECK_PASSED, checkApplication } from '../../services/applications/application-check';
import { revokeApplication, submitApplication } from '../../services/applications/submission';
import { deleteApplicant, listApplicants, saveApplicant } from '../../services/applications/applicants';
import { deleteUnit, saveUnits } from '../../services/applications/property-units';
import { CANCELLATION_SAVE_FAILED, RIGHTS_SAVE_FAILED, SAVE_TYPE_INVALID, deleteRightsRecords, saveRightsRecord } from '../../services/applications/rights-records';
import { SAVE_TYPE_CANCELLATION, SAVE_TYPE_MORTGAGE, SAVE_TYPE_PRE_NOTATION } from '@hall/domain';
import { HallError, badRequest } from '../../lib/errors';
import { textOf } from '../../services/applications/application-editing';
import { STATEMENTS_APART, hasStatements, parseStatements, saveStatementsOnly, writeStatements } from '../../services/applications/statements';

/** The savetypes the statements are saved with (part 3 §4): 2 pre-notation, 3 mortgage, 4 cancellation. */
const STATEMENT_SAVE_TYPES: string[] = [SAVE_TYPE_PRE_NOTATION, SAVE_TYPE_MORTGAGE, SAVE_TYPE_CANCELLATION];

/** A refusal of the citizen's input, worded as the save's failure (保存失败 or 保存数据失败) with the reason. */
function withFailure<T>(failed: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof HallError && error.statusCode < 500) throw badRequest(`${failed}：${error.message}`);
    throw error;
  }
}

const unitList = z.array(unitSave).max(200);
const rightsInput = z.union([rightsSave, z.array(rightsSave).max(1)]);

/**
 * Filling in a citizen's application (spec part 2 §7, part 3 §7): applicants, property units,
 * rights information and the check before the upload. Every call works on the session user's own
 * applications only, and changes them only while they are not submitted or were rejected.
 */
export async function applicationFillRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  const writeLimit = { max: 120, timeWindow: '1 minute' };

  registerCall(app, contract.addPerson, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    const save = parseJsonField(request.body.proposerinfo, applicantSave);
    const sqrId = await saveApplicant(db, request.citizen.openid, request.body.proinstid, save);
    return { errcode: '00', errmsg: '保存成功', data: { sqr_id: sqrId } };
  });

  registerCall(app, contract.saveSqrWx, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    // With statements (part 3 §7: onlyUserinfo, changecqzInfo or recordInfo and jusInfo) the call saves those alone.
    const statements = parseStatements(request.body);
    if (hasStatements(statements)) {
      if (textOf(request.body.sqrxm)) throw badRequest(STATEMENTS_APART);
      await saveStatementsOnly(db, request.citizen.openid, request.body.proinstid, statements);
      return { state: 1, msg: '保存成功', data: { sqrid: '' } };
    }
    const sqrid = await saveApplicant(db, request.citizen.openid, request.body.proinstid, request.body);
    return { state: 1, msg: '保存成功', data: { sqrid } };
  });

  registerCall(app, contract.sqrlistWx, { auth: 'citizen' }, async (request) => ({
    state: 1,
    data: await listApplicants(db, request.citizen.openid, request.body.proinstid, request.body.flag),
  }));

  registerCall(app, contract.delPerson, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    await deleteApplicant(db, request.citizen.openid, request.body.sqrid, request.body.proinstid);
    return { errcode: '00', errmsg: '删除成功' };
  });

  registerCall(app, contract.delSqrmsgWx, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    await deleteApplicant(db, request.citizen.openid, request.body.sqrid);
    return { state: 1, msg: '删除成功' };
  });

  registerCall(app, contract.addReleasteInfo, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    const units = parseJsonField(request.body.fwxxs, unitList);
    const ids = await saveUnits(db, request.citizen.openid, request.body.proinstid, units);
    return { errcode: '00', errmsg: '保存成功', data: { ids } };
  });

  registerCall(app, contract.delReleasteInfo, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    await deleteUnit(db, request.citizen.openid, request.body.proinstid, request.body.fwxxid);
    return { errcode: '00', errmsg: '删除成功' };
  });

  registerCall(app, contract.addQlxxInfo, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    const { proinstid, savetype, reqData, qlxxs } = request.body;
    const failed = savetype.trim() === SAVE_TYPE_CANCELLATION ? CANCELLATION_SAVE_FAILED : RIGHTS_SAVE_FAILED;
    const statements = withFailure(failed, () => parseStatements(request.body));
    const sent = reqData ?? qlxxs;
    if ((sent === undefined || sent === '') && hasStatements(statements)) {
      // Undertaking and inquiry data alone, with savetype 2, 3 or 4 (part 3 §4).
      if (!STATEMENT_SAVE_TYPES.includes(savetype.trim())) throw badRequest(`${failed}：${SAVE_TYPE_INVALID}`);
      await saveStatementsOnly(db, request.citizen.openid, proinstid, statements);
      return { state: 1, msg: '保存成功', data: { id: '' } };
    }
    if (sent === undefined || sent === '') throw badRequest(`${failed}：请填写权利信息`);
    const parsed = parseJsonField(sent, rightsInput);
    const record = Array.isArray(parsed) ? parsed[0] : parsed;
    if (!record) throw badRequest(`${failed}：请填写权利信息`);
    const id = await saveRightsRecord(db, request.citizen.openid, proinstid, savetype, record, (tx, applicationId) => writeStatements(tx, applicationId, statements));
    return { state: 1, msg: '保存成功', data: { id } };
  });

  registerCall(app, contract.delQlxxInfo, { auth: 'verified', rateLimit: writeLimit }, async (request) => {
    await deleteRightsRecords(db, request.citizen.openid, request.body.proinstid, request.body.savetype);
    return { errcode: '00', errmsg: '删除成功' };
  });

  registerCall(app, contract.check, { auth: 'verified' }, async (request) => {
    await checkApplication(db, request.citizen.openid, request.body.proinstid);
    return { errcode: '00', errmsg: CHECK_PASSED };
  });

  registerCall(app, contract.submitApplyProject, { auth: 'verified', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    errmsg: '提交成功',
    data: await submitApplication(db, request.citizen.openid, request.body.proinstid),
  }));

  registerCall(app, contract.revokeApply, { auth: 'verified', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    await revokeApplication(db, request.citizen.openid, request.body.id);
    return { stat: 1, msg: '撤回成功' };
  });
}
