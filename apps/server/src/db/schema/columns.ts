import { bigserial, integer, text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row was last changed; the code that changes it sets it. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A row's own number, as the API answers it (as a string) and a client sends it back. */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** The place of a row among its kind where the hall lists them in its own order. */
export const sortOrder = () => integer('sort').notNull().default(0);

/** The citizen a row belongs to, by WeChat openid: what every citizen-facing read of it filters on. */
export const citizenOpenid = () => text('openid').notNull();
