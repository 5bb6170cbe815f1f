import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { failureBody } from '../lib/envelope';
import { HallError, TOO_FREQUENT } from '../lib/errors';
import { SessionLostError, clearSessionCookie, rememberOAuthState } from './session';

/** Fastify's own client errors, said in words a citizen understands. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '提交的数据格式不正确，请刷新页面后重试',
  FST_ERR_CTP_EMPTY_JSON_BODY: '提交的数据为空，请填写后重试',
  FST_ERR_CTP_BODY_TOO_LARGE: '提交的内容过大，请精简后重试',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '提交的数据类型不受支持',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '提交的数据长度有误，请重试',
  FST_REQ_FILE_TOO_LARGE: '文件过大，请选择较小的文件',
  FST_PARTS_LIMIT: '提交的内容项过多',
  FST_FILES_LIMIT: '一次上传的文件过多',
  FST_FIELDS_LIMIT: '提交的字段过多',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以文件上传的方式提交',
};

/**
 * One error handler for the hall: every failure is an envelope with a Chinese message and a 4xx,
 * a lost session is status -1 with WeChat's address, and a 5xx never shows its details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const envelope = request.routeOptions.config?.envelope ?? 'plain';
    if (error instanceof SessionLostError) {
      clearSessionCookie(reply);
      rememberOAuthState(request, reply, error.state);
      return reply.code(401).send({ status: -1, url: error.url, msg: error.message });
    }
    if (error instanceof HallError) {
      return reply.code(error.statusCode).send(failureBody(envelope, error.message, error.errcode));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      // A message the contract wrote for the citizen (Chinese) says best what is wrong; zod's own are English.
      const own = issue?.message && /[\u4e00-\u9fff]/.test(issue.message) ? issue.message : null;
      const message = own ?? (field ? `提交的信息有误（${field}），请检查后重试` : '提交的信息有误，请检查后重试');
      return reply.code(400).send(failureBody(envelope, message));
    }
    if (error.statusCode === 429) {
      return reply.code(429).send(failureBody(envelope, TOO_FREQUENT));
    }
    if (error.code && FASTIFY_CLIENT_ERRORS[error.code]) {
      return reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send(failureBody(envelope, FASTIFY_CLIENT_ERRORS[error.code]!));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failureBody(envelope, '请求有误，请检查后重试'));
    }
    if (isResponseSerializationError(error)) request.log.error({ err: error }, 'reply does not match the contract');
    else request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(failureBody(envelope, '系统繁忙，请稍后再试'));
  });
}
