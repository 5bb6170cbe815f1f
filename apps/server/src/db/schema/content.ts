import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, serialId, sortOrder, citizenOpenid } from './columns';

/** What the hall publishes: feedback, common questions, menus, banners, articles, guides and downloadable files. */

export const feedback = pgTable(
  'feedback',
  {
    id: serialId(),
    openid: citizenOpenid(),
    /** yjnrstr: what the citizen wrote. */
    content: text('content').notNull(),
    /** fknrstr / replycontent. */
    reply: text('reply'),
    /** 0 waiting, 1 replied. */
    status: integer('status').notNull().default(0),
    createdAt: createdAt(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [index('feedback_openid_idx').on(t.openid, t.createdAt)],
);

export const commonQuestions = pgTable('common_questions', {
  id: serialId(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: sortOrder(),
});

export const menus = pgTable('menus', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  menuname: text('menuname').notNull(),
  /** view: an external link. */
  menutype: text('menutype').notNull().default('click'),
  url: text('url').notNull().default(''),
  imgpath: text('imgpath').notNull().default(''),
  /** bz: the remark under a tile's name. */
  bz: text('bz').notNull().default(''),
  sort: sortOrder(),
  /** A hidden group or tile is kept for the console but left out of the citizens' menu. */
  visible: boolean('visible').notNull().default(true),
});

export const banners = pgTable('banners', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** The image address. */
  url: text('url').notNull(),
  link: text('link').notNull().default(''),
  sort: sortOrder(),
  /** A disabled banner is kept for the console but not shown to citizens. */
  enabled: boolean('enabled').notNull().default(true),
  /** The storage key of an image uploaded in the console (url then points at the banner image route); null for shipped images. */
  imageKey: text('image_key'),
  imageMime: text('image_mime').notNull().default(''),
});

/** Articles of every type: article (news), bszn (guides), xxgs, laws, tzgg. Content is sanitised HTML. */
export const articles = pgTable(
  'articles',
  {
    id: serialId(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The date citizens see; set again each time the article is published. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** draft: only the console sees it; published: citizens see it. */
    status: text('status').notNull().default('published'),
    updatedAt: updatedAt(),
    /** The display name of the operator who last changed it; '' for seeded rows. */
    updatedBy: text('updated_by').notNull().default(''),
  },
  (t) => [index('articles_type_idx').on(t.type, t.publishedAt), index('articles_status_idx').on(t.status, t.type, t.publishedAt)],
);

/**
 * Pictures uploaded for articles' bodies, served by id to anyone (articles are public). They are
 * kept here rather than in stored_files, so the storage clean-up never takes one an article shows.
 */
export const articlePictures = pgTable('article_pictures', {
  id: text('id').primaryKey(),
  storageKey: text('storage_key').notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Handling guides per business (prodefid). */
export const guides = pgTable('guides', {
  prodefid: text('prodefid').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  cdzmyhxzContent: text('cdzmyhxz_content').notNull().default(''),
});

// ---------------------------------------------------------------------------------------------
// Data downloads (资料下载, spec part 3 §2.19, §7 "Sites, lists and downloads")

/** Files citizens can download: looked up by file_name, streamed from storage by storage_key. */
export const downloadFiles = pgTable(
  'download_files',
  {
    id: serialId(),
    /** fileName: what the list shows as the file and the download asks for. */
    fileName: text('file_name').notNull().unique(),
    /** fileAlias: the title of the file. */
    fileAlias: text('file_alias').notNull(),
    /** The district the file is for; '' for every district. */
    xzqdm: text('xzqdm').notNull().default(''),
    mime: text('mime').notNull(),
    /** The storage's key; null until the file has been put in storage. */
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sort: sortOrder(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('download_files_xzqdm_idx').on(t.xzqdm, t.sort)],
);
