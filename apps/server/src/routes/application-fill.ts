import { applicantSave, contract, rightsSave, unitSave } from '@hall/api';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../lib/register-call';
import { parseJsonField } from '../services/application-editing';
import { CHECK_PASSED, checkApplication } from '../services/application-check';
import { revokeApplication, submitApplication } from '../services/submission';
import { deleteApplicant, listApplicants, saveApplicant } from '../services/applicants';
import { deleteUnit, saveUnits } from '../services/property-units';
import { CANCELLATION_SAVE_FAILED, RIGHTS_SAVE_FAILED, deleteRightsRecords, saveRightsRecord } from '../services/rights-records';
import { SAVE_TYPE_CANCELLATION } from '@hall/domain';
import { badRequest } from '../lib/errors';

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

  registerCall(app, contract.addPerson, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    const save = parseJsonField(request.body.proposerinfo, applicantSave);
    const sqrId = await saveApplicant(db, request.citizen.openid, request.body.proinstid, save);
    return { errcode: '00', errmsg: '保存成功', data: { sqr_id: sqrId } };
  });

  registerCall(app, contract.saveSqrWx, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    const sqrid = await saveApplicant(db, request.citizen.openid, request.body.proinstid, request.body);
    return { state: 1, msg: '保存成功', data: { sqrid } };
  });

  registerCall(app, contract.sqrlistWx, { auth: 'citizen' }, async (request) => ({
    state: 1,
    data: await listApplicants(db, request.citizen.openid, request.body.proinstid, request.body.flag),
  }));

  registerCall(app, contract.delPerson, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    await deleteApplicant(db, request.citizen.openid, request.body.sqrid, request.body.proinstid);
    return { errcode: '00', errmsg: '删除成功' };
  });

  registerCall(app, contract.delSqrmsgWx, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    await deleteApplicant(db, request.citizen.openid, request.body.sqrid);
    return { state: 1, msg: '删除成功' };
  });

  registerCall(app, contract.addReleasteInfo, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    const units = parseJsonField(request.body.fwxxs, unitList);
    const ids = await saveUnits(db, request.citizen.openid, request.body.proinstid, units);
    return { errcode: '00', errmsg: '保存成功', data: { ids } };
  });

  registerCall(app, contract.delReleasteInfo, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    await deleteUnit(db, request.citizen.openid, request.body.proinstid, request.body.fwxxid);
    return { errcode: '00', errmsg: '删除成功' };
  });

  registerCall(app, contract.addQlxxInfo, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    const { proinstid, savetype, reqData, qlxxs } = request.body;
    const failed = savetype.trim() === SAVE_TYPE_CANCELLATION ? CANCELLATION_SAVE_FAILED : RIGHTS_SAVE_FAILED;
    const sent = reqData ?? qlxxs;
    if (sent === undefined || sent === '') throw badRequest(`${failed}：请填写权利信息`);
    const parsed = parseJsonField(sent, rightsInput);
    const record = Array.isArray(parsed) ? parsed[0] : parsed;
    if (!record) throw badRequest(`${failed}：请填写权利信息`);
    const id = await saveRightsRecord(db, request.citizen.openid, proinstid, savetype, record);
    return { state: 1, msg: '保存成功', data: { id } };
  });

  registerCall(app, contract.delQlxxInfo, { auth: 'citizen', rateLimit: writeLimit }, async (request) => {
    await deleteRightsRecords(db, request.citizen.openid, request.body.proinstid, request.body.savetype);
    return { errcode: '00', errmsg: '删除成功' };
  });

  registerCall(app, contract.check, { auth: 'citizen' }, async (request) => {
    await checkApplication(db, request.citizen.openid, request.body.proinstid);
    return { errcode: '00', errmsg: CHECK_PASSED };
  });

  registerCall(app, contract.submitApplyProject, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    errmsg: '提交成功',
    data: await submitApplication(db, request.citizen.openid, request.body.proinstid),
  }));

  registerCall(app, contract.revokeApply, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    await revokeApplication(db, request.citizen.openid, request.body.id);
    return { stat: 1, msg: '撤回成功' };
  });
}
