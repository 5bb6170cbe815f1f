import { contract, type CallBody } from '@hall/api';
import { expect } from 'vitest';
import { callHall } from '../call';
import type { TestHall } from '../hall';

type Roles = CallBody<typeof contract.createOperator>['roles'];

/** Creates an operator account from the administrator's session and answers its id (the password is temporary until changed). */
export async function createOperatorAccount(hall: TestHall, admin: string, username: string, roles: Roles, password = 'Temporary2026x', displayName = `姓名${username}`): Promise<number> {
  const { status, body } = await callHall(hall, contract.createOperator, { username, displayName, roles, password }, admin);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.id;
}

/** The accounts as the administrator's list shows them. */
export async function listedAccounts(hall: TestHall, admin: string) {
  const { status, body } = await callHall(hall, contract.listOperators, {}, admin);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data!.items;
}
