// The volume data of the hall, generated inside PostgreSQL (INSERT … SELECT over generate_series, the
// fastest load here: no row crosses the wire) from a seed: every pseudo-random choice is a hash of
// (seed, row number, purpose), so the same seed, scale and end date always give the same rows.
// The rows are the ones the hall writes itself: the seeded catalogue's businesses and materials (codes
// of packages/domain), the statuses and audit entries of the review flow, acceptance numbers with
// their registry cases, bookings that respect the slots' places and the one-booking-per-date rules.

/** Full scale; a scale factor multiplies the counts (the calendar always spans `days`). */
export const FULL = { citizens: 100_000, applications: 1_000_000, queries: 2_000_000, feedback: 20_000, days: 365 };

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏辉建国志文海波宁瑞雪梅琳晨浩宇欣怡子涵俊杰思远佳慧';
const STREETS = ['人民路', '中华大街', '建设路', '解放路', '和平路', '光明街', '新华路', '胜利街', '东风路', '滨河路', '学府路', '朝阳街'];
const SURVEY_REJECTIONS = ['界址不清，请补充宗地图', '房屋面积与测绘报告不一致', '不动产单元号有误，请核对', '缺少测绘成果，请补充'];
const ACCEPTANCE_REJECTIONS = ['申请材料不全，请补充身份证明', '权利人信息与证书不一致', '缺少完税证明，请补充', '申请人签字不完整，请重新签字', '抵押合同与申请信息不一致'];
const FEEDBACK = ['预约时间段太少，希望增加周末预约', '网上申请很方便，点赞', '上传材料时图片总是失败', '办件进度查询不到，请帮忙看一下', '希望增加不动产证书邮寄服务'];
const REPLIES = ['您好，已收到您的建议，我们会尽快改进。', '您好，请在工作时间拨打服务电话咨询。', '您好，问题已处理，请重新尝试。'];

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;
const sqlArray = (values) => `ARRAY[${values.map(sqlText).join(',')}]::text[]`;

/**
 * The generator's statements: helper functions first, then one entry per table (its name and the
 * statements that load it), in an order that keeps every foreign key satisfied.
 */
export function volumeStatements({ seed, scale, until }) {
  const n = (count) => Math.max(1, Math.round(count * scale));
  const citizens = n(FULL.citizens);
  const applications = n(FULL.applications);
  const queries = n(FULL.queries);
  const feedback = n(FULL.feedback);
  const days = FULL.days;
  // Everything happened before the start of `until` (Asia/Shanghai); the calendar goes three weeks on.
  const anchor = `(${sqlText(until)}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`;
  const shanghaiDay = (column) => `(${column} AT TIME ZONE 'Asia/Shanghai')::date`;

  const helpers = `
    DROP SCHEMA IF EXISTS gen CASCADE;
    CREATE SCHEMA gen;
    -- A uniform number in [0, 1) for row i and purpose salt, the same for the same seed.
    CREATE FUNCTION gen.u(i bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT ((hashint8extended(i, ${Number(seed)}::bigint * 1000 + salt) >> 11) & 9007199254740991)::float8 / 9007199254740992.0 $$;
    CREATE FUNCTION gen.pick(a text[], i bigint, salt int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT a[1 + floor(gen.u(i, salt) * cardinality(a))::int] $$;
    CREATE FUNCTION gen.openid(k bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT 'o' || substr(md5(${sqlText(seed)} || ':' || k), 1, 27) $$;
    CREATE FUNCTION gen.person(i bigint, salt int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT gen.pick(${sqlArray([...SURNAMES])}, i, salt) || gen.pick(${sqlArray([...GIVEN])}, i, salt + 1)
           || CASE WHEN gen.u(i, salt + 2) < 0.6 THEN gen.pick(${sqlArray([...GIVEN])}, i, salt + 3) ELSE '' END $$;
    -- A resident ID number (GB 11643): district, birth date, serial whose last digit is odd for a man, check character.
    CREATE FUNCTION gen.checked(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT body || substr('10X98765432', 1 + (7 * substr(body, 1, 1)::int + 9 * substr(body, 2, 1)::int + 10 * substr(body, 3, 1)::int + 5 * substr(body, 4, 1)::int + 8 * substr(body, 5, 1)::int + 4 * substr(body, 6, 1)::int + 2 * substr(body, 7, 1)::int + 1 * substr(body, 8, 1)::int + 6 * substr(body, 9, 1)::int + 3 * substr(body, 10, 1)::int + 7 * substr(body, 11, 1)::int + 9 * substr(body, 12, 1)::int + 10 * substr(body, 13, 1)::int + 5 * substr(body, 14, 1)::int + 8 * substr(body, 15, 1)::int + 4 * substr(body, 16, 1)::int + 2 * substr(body, 17, 1)::int) % 11, 1) $$;
    CREATE FUNCTION gen.idcard(district text, birth date, serial int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT gen.checked(district || to_char(birth, 'YYYYMMDD') || lpad((serial % 1000)::text, 3, '0')) $$;
    CREATE FUNCTION gen.phone(i bigint, salt int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
      $$ SELECT gen.pick(ARRAY['133','135','136','138','139','150','151','158','177','180','186','189','199'], i, salt) || lpad(floor(gen.u(i, salt + 1) * 1e8)::bigint::text, 8, '0') $$;
    -- The catalogue's individual businesses, numbered, and the districts they serve.
    CREATE TABLE gen.biz AS SELECT row_number() OVER (ORDER BY id) AS rn, id, prodef_name, djlx, qllx, xzqdm, areaname FROM businesses WHERE yhlx = '0';
    CREATE TABLE gen.district AS SELECT row_number() OVER (ORDER BY xzqdm) AS rn, xzqdm FROM (SELECT DISTINCT xzqdm FROM businesses) d;
  `;

  const users = `
    INSERT INTO users (openid, appid, nickname, name, cardtype, cardnum, phone, sex, usertype, real_name_auth, xzqdm, created_at, updated_at)
    SELECT gen.openid(i), 'wx-volume', p.name, p.name, '1', gen.idcard(d.xzqdm, p.birth, (i * 2 + p.male)::int), gen.phone(i, 4), CASE p.male WHEN 1 THEN '1' ELSE '2' END,
           '0', CASE WHEN gen.u(i, 7) < 0.93 THEN 1 ELSE 0 END, d.xzqdm, p.created, p.created
    FROM generate_series(1, ${citizens}) AS i
    CROSS JOIN LATERAL (SELECT gen.person(i, 10) AS name, (date '1950-01-01' + floor(gen.u(i, 2) * 20000)::int) AS birth, (gen.u(i, 3) < 0.5)::int AS male,
                               ${anchor} - (gen.u(i, 5) * ${days + 365}) * interval '1 day' AS created) p
    JOIN gen.district d ON d.rn = 1 + floor(gen.u(i, 6) * (SELECT count(*) FROM gen.district));
  `;

  // Status mix: 4 % drafts (none older than the 90 days drafts are kept), 2 % waiting for the survey
  // review and 1 % for acceptance (a month's backlog), the rest decided over the year.
  const applicationRows = `
    CREATE TABLE gen.app AS
    SELECT i AS id, s.shzt, s.created, CASE WHEN s.shzt = -1 THEN NULL ELSE s.created + gen.u(i, 14) * interval '6 hours' END AS submitted,
           -- The owner: one in ten applications is filed by an agent (the first hundredth of the citizens).
           1 + floor(gen.u(i, 11) * CASE WHEN gen.u(i, 12) < 0.1 THEN ${Math.max(1, Math.floor(citizens / 100))} ELSE ${citizens} END)::bigint AS owner,
           1 + floor(gen.u(i, 13) * (SELECT count(*) FROM gen.biz))::bigint AS biz
    FROM generate_series(1, ${applications}) AS i
    CROSS JOIN LATERAL (SELECT CASE WHEN r < 0.04 THEN -1 WHEN r < 0.06 THEN 0 WHEN r < 0.07 THEN 10 WHEN r < 0.10 THEN 11 WHEN r < 0.85 THEN 20 WHEN r < 0.88 THEN 21 ELSE 30 END AS shzt FROM (SELECT gen.u(i, 10) AS r) x) st
    CROSS JOIN LATERAL (SELECT st.shzt, ${anchor} - gen.u(i, 15) * CASE WHEN st.shzt = -1 THEN 90 WHEN st.shzt IN (0, 10) THEN 30 ELSE ${days} END * interval '1 day' - interval '7 hours' AS created) s;
    ALTER TABLE gen.app ADD PRIMARY KEY (id);
    -- The review decisions: the survey stage a day or two after submission, acceptance up to three days later.
    ALTER TABLE gen.app ADD COLUMN surveyed timestamptz, ADD COLUMN accepted timestamptz;
    UPDATE gen.app SET surveyed = least(submitted + (1 + gen.u(id, 16) * 47) * interval '1 hour', ${anchor} - interval '1 minute') WHERE shzt IN (10, 11, 20, 21, 30);
    UPDATE gen.app SET accepted = least(surveyed + (1 + gen.u(id, 17) * 71) * interval '1 hour', ${anchor} - interval '1 second') WHERE shzt IN (20, 21, 30);
  `;

  const applicationsInsert = `
    INSERT INTO applications (id, openid, prodefid, name, prolsh, slbh, djlx, qllx, xzqdm, areaname, shzt, appointment, kyy, czfs, sh_qjdc_yj, sh_xmsl_yj, created_at, submitted_at)
    SELECT a.id, gen.openid(a.owner), b.id, b.prodef_name,
           CASE WHEN a.shzt IN (20, 30) THEN 'HD' || to_char(${shanghaiDay('a.accepted')}, 'YYYYMM') || lpad(a.id::text, 7, '0') END,
           'SL' || to_char(${shanghaiDay('a.created')}, 'YYYYMMDD') || lpad(a.id::text, 7, '0'),
           b.djlx, b.qllx, b.xzqdm, b.areaname, a.shzt, CASE WHEN gen.u(a.id, 18) < 0.05 THEN '1' ELSE '0' END,
           CASE WHEN a.shzt IN (20, 30) THEN '1' ELSE '0' END,
           CASE WHEN a.shzt = -1 AND gen.u(a.id, 19) < 0.5 THEN '' ELSE gen.pick(ARRAY['01','02','02','02'], a.id, 20) END,
           CASE WHEN a.shzt = 11 THEN gen.pick(${sqlArray(SURVEY_REJECTIONS)}, a.id, 21) ELSE '' END,
           CASE WHEN a.shzt = 21 THEN gen.pick(${sqlArray(ACCEPTANCE_REJECTIONS)}, a.id, 22) ELSE '' END,
           a.created, a.submitted
    FROM gen.app a JOIN gen.biz b ON b.rn = a.biz;
    SELECT setval('applications_id_seq', (SELECT max(id) FROM applications));
    SELECT setval('application_slbh_seq', 10000000);
    SELECT setval('application_prolsh_seq', 10000000);
  `;

  // One to three persons an application: the rights holder, often an obligor, sometimes a co-owner.
  const applicants = `
    INSERT INTO applicants (application_id, sqr_lx, sqr_name, sqr_tel, sqr_zjlx, sqr_zjh, sqr_adress, iscqr, sqr_gyfs, sqr_gyfe, qzzt, created_at)
    SELECT a.id, CASE k WHEN 2 THEN '1' ELSE '0' END, gen.person(a.id * 4 + k, 30), gen.phone(a.id * 4 + k, 34), '1',
           gen.idcard(b.xzqdm, date '1950-01-01' + floor(gen.u(a.id * 4 + k, 36) * 20000)::int, (a.id * 4 + k)::int),
           b.areaname || gen.pick(${sqlArray(STREETS)}, a.id * 4 + k, 37) || (1 + floor(gen.u(a.id * 4 + k, 38) * 300))::int || '号',
           CASE k WHEN 2 THEN '0' ELSE '1' END, CASE WHEN k = 3 THEN '1' ELSE '0' END, '',
           CASE WHEN a.shzt = -1 THEN '0' ELSE '1' END, a.created
    FROM gen.app a JOIN gen.biz b ON b.rn = a.biz
    CROSS JOIN LATERAL generate_series(1, 1 + (gen.u(a.id, 31) < 0.55)::int + (gen.u(a.id, 32) < 0.15)::int) AS k;
  `;

  const units = `
    INSERT INTO property_units (application_id, bdcqzmh, bdcdyh, zl, fwsyqmj, tdsyq_mj, fwyt, tdsyq_yt, czfs, sfhbzs, created_at)
    SELECT a.id, '冀(' || (2010 + floor(gen.u(a.id, 40) * 15))::int || ')' || b.areaname || '不动产权第' || lpad((a.id % 10000000)::text, 7, '0') || '号',
           b.xzqdm || lpad((a.id % 1000000)::text, 6, '0') || 'GB' || lpad((a.id % 100000)::text, 5, '0') || 'F' || lpad((1 + a.id % 9999)::text, 8, '0'),
           b.areaname || gen.pick(${sqlArray(STREETS)}, a.id, 41) || (1 + floor(gen.u(a.id, 42) * 300))::int || '号' || (1 + floor(gen.u(a.id, 43) * 30))::int || '栋' || (101 + floor(gen.u(a.id, 44) * 2000))::int || '室',
           round((45 + gen.u(a.id, 45) * 120)::numeric, 2)::text, round((10 + gen.u(a.id, 46) * 40)::numeric, 2)::text, '10', '071', '02', '0', a.created
    FROM gen.app a JOIN gen.biz b ON b.rn = a.biz;
  `;

  // Each application's materials are its business's, copied when it was created (createApplication).
  const materials = `
    INSERT INTO materials (application_id, name, required, sort)
    SELECT a.id, m.name, m.required, m.sort FROM gen.app a JOIN gen.biz b ON b.rn = a.biz JOIN business_materials m ON m.prodef_id = b.id
    ORDER BY a.id, m.sort, m.id;
  `;

  // What reviewApplication leaves: one audit entry a decision, and the registry case of an accepted one.
  const audit = `
    INSERT INTO audit_trail (at, operator_id, operator_name, ip, action, target, before, after)
    SELECT d.at, d.operator, '审核员' || lpad(d.operator::text, 2, '0'), '10.0.0.' || d.operator, d.action, 'application:' || d.id, d.before, d.after
    FROM (
      SELECT a.surveyed AS at, 1 + floor(gen.u(a.id, 50) * 12)::int AS operator, a.id,
             CASE WHEN a.shzt = 11 THEN 'review.reject' ELSE 'review.pass' END AS action,
             jsonb_build_object('shzt', 0) AS before,
             CASE WHEN a.shzt = 11 THEN jsonb_build_object('shzt', 11, 'stage', 'cadastralSurvey', 'sh_qjdc_yj', gen.pick(${sqlArray(SURVEY_REJECTIONS)}, a.id, 21))
                  ELSE jsonb_build_object('shzt', 10, 'stage', 'cadastralSurvey') END AS after
      FROM gen.app a WHERE a.surveyed IS NOT NULL
      UNION ALL
      SELECT a.accepted, 1 + floor(gen.u(a.id, 51) * 12)::int, a.id,
             CASE WHEN a.shzt = 21 THEN 'review.reject' ELSE 'review.pass' END,
             jsonb_build_object('shzt', 10),
             CASE WHEN a.shzt = 21 THEN jsonb_build_object('shzt', 21, 'stage', 'acceptance', 'sh_xmsl_yj', gen.pick(${sqlArray(ACCEPTANCE_REJECTIONS)}, a.id, 22))
                  ELSE jsonb_build_object('shzt', 20, 'stage', 'acceptance', 'prolsh', 'HD' || to_char(${shanghaiDay('a.accepted')}, 'YYYYMM') || lpad(a.id::text, 7, '0')) END
      FROM gen.app a WHERE a.accepted IS NOT NULL
    ) d ORDER BY d.at;
  `;

  // And the narrow copy of each decision the statistics page reads, written in the same transaction.
  const decisions = `
    INSERT INTO review_decisions (application_id, stage, decision, opinion, decided_at, submitted_at, review_seconds, xzqdm)
    SELECT d.id, d.stage, d.decision, d.opinion, d.at, d.submitted, round(date_part('epoch', d.at - d.submitted))::int, b.xzqdm
    FROM (
      SELECT a.id, a.biz, 'cadastralSurvey' AS stage, CASE WHEN a.shzt = 11 THEN 'reject' ELSE 'pass' END AS decision,
             CASE WHEN a.shzt = 11 THEN gen.pick(${sqlArray(SURVEY_REJECTIONS)}, a.id, 21) ELSE '' END AS opinion, a.surveyed AS at, a.submitted
      FROM gen.app a WHERE a.surveyed IS NOT NULL
      UNION ALL
      SELECT a.id, a.biz, 'acceptance', CASE WHEN a.shzt = 21 THEN 'reject' ELSE 'pass' END,
             CASE WHEN a.shzt = 21 THEN gen.pick(${sqlArray(ACCEPTANCE_REJECTIONS)}, a.id, 22) ELSE '' END, a.accepted, a.submitted
      FROM gen.app a WHERE a.accepted IS NOT NULL
    ) d JOIN gen.biz b ON b.rn = d.biz ORDER BY d.at;
  `;

  const cases = `
    INSERT INTO registry_cases (serial_number, name, process_name, act_start, activity_name)
    SELECT ap.prolsh, u.name || ' ' || ap.name, ap.name, ap.submitted_at + interval '3 days', '受理'
    FROM applications ap JOIN users u ON u.openid = ap.openid WHERE ap.prolsh IS NOT NULL;
  `;

  // Query records of every kind, mostly answered within seconds; the last day's still partly in progress.
  const queryRecords = `
    INSERT INTO query_records (openid, kind, params, state, state_msg, result, attempts, created_at, resolved_at)
    SELECT gen.openid(1 + floor(gen.u(i, 60) * ${citizens})::bigint), q.kind,
           CASE q.kind WHEN 'archive' THEN jsonb_build_object('qlrname', q.name, 'qlrcode', q.code, 'xzqdm', '130400', 'xzqmc', '邯郸市')
                       WHEN 'property' THEN jsonb_build_object('name', q.name, 'idcard', q.code, 'qlrqzh', '')
                       ELSE jsonb_build_object('username', q.name, 'zjh', q.code, 'qzh', '', 'xzqdm', '130400', 'xzqmc', '邯郸市') END,
           q.state, CASE q.state WHEN 20 THEN '已返回' WHEN 21 THEN '未查询到' ELSE '查询中' END,
           CASE WHEN q.state = 0 THEN NULL ELSE '{}'::jsonb END, CASE WHEN q.state = 0 THEN 0 ELSE 1 END, q.created,
           CASE WHEN q.state = 0 THEN NULL ELSE q.created + (1 + gen.u(i, 61) * 30) * interval '1 second' END
    FROM generate_series(1, ${queries}) AS i
    CROSS JOIN LATERAL (SELECT gen.pick(ARRAY['zs','zs','zs','zs','dzzz','dzzz','dzzz','archive','archive','archive','archive','property','property','verify','verify'], i, 62) AS kind,
                               gen.person(i, 63) AS name, gen.idcard('130400', date '1950-01-01' + floor(gen.u(i, 67) * 20000)::int, i::int) AS code,
                               ${anchor} - gen.u(i, 68) * ${days} * interval '1 day' AS created) c
    CROSS JOIN LATERAL (SELECT c.kind, c.name, c.code, c.created,
                               CASE WHEN c.created > ${anchor} - interval '1 hour' AND gen.u(i, 69) < 0.5 THEN 0 WHEN gen.u(i, 70) < 0.8 THEN 20 ELSE 21 END AS state) q;
  `;

  // A year of the seeded sites' calendar (weekends and the fixed holidays closed, Fridays morning only)
  // before the three weeks the seed opened, with the slots of every window.
  const calendars = `
    INSERT INTO appointment_calendars (area_id, calendar_date, time_class, holiday)
    SELECT ar.id, d::date, CASE WHEN extract(isodow FROM d) = 5 THEN '2' ELSE '1' END,
           CASE WHEN extract(isodow FROM d) IN (6, 7) OR to_char(d, 'MM-DD') IN ('01-01','05-01','05-02','05-03','10-01','10-02','10-03','10-04','10-05','10-06','10-07') THEN 1 ELSE 0 END
    FROM appointment_areas ar CROSS JOIN generate_series(${sqlText(until)}::date - ${days}, ${sqlText(until)}::date, interval '1 day') AS d
    ON CONFLICT DO NOTHING;
    INSERT INTO appointment_slots (calendar_id, process_id, time_name, max_num, count_num)
    SELECT c.id, p.id, t.name, CASE WHEN t.n <= 3 THEN 10 ELSE 6 END, 0
    FROM appointment_calendars c JOIN appointment_processes p ON p.area_id = c.area_id
    CROSS JOIN LATERAL unnest(CASE c.time_class WHEN '2' THEN ARRAY['09:00-10:00','10:00-11:00','11:00-12:00'] ELSE ARRAY['09:00-10:00','10:00-11:00','11:00-12:00','14:00-15:00','15:00-16:00','16:00-17:00'] END) WITH ORDINALITY AS t(name, n)
    WHERE c.holiday = 0
    ON CONFLICT DO NOTHING;
  `;

  // Bookings fill the past days' places to 40–95 % (the coming days less), seven in ten online orders of
  // an accepted case, the rest counter bookings; the unique indexes drop a second booking of a citizen's date.
  const bookings = `
    CREATE TABLE gen.accepted AS SELECT row_number() OVER (ORDER BY id) AS rn, id, openid, prolsh, name, djlx FROM applications WHERE prolsh IS NOT NULL;
    CREATE TABLE gen.place AS
    SELECT s.id AS slot_id, s.calendar_id, s.process_id, s.time_name, c.calendar_date, c.area_id, ar.area_name, p.process_name, place,
           (s.id * 16 + place) AS k
    FROM appointment_slots s JOIN appointment_calendars c ON c.id = s.calendar_id JOIN appointment_areas ar ON ar.id = c.area_id JOIN appointment_processes p ON p.id = s.process_id
    CROSS JOIN LATERAL generate_series(1, s.max_num) AS place
    WHERE place <= s.max_num * CASE WHEN c.calendar_date < ${sqlText(until)}::date THEN 0.4 + 0.55 * gen.u(s.id, 80) ELSE 0.3 * gen.u(s.id, 81) END;
    INSERT INTO appointment_orders (openid, application_id, wlsh, area_id, process_id, calendar_id, slot_id, booked_date, name, code, phone, created_at, extend_data)
    SELECT ac.openid, ac.id, ac.prolsh, pl.area_id, pl.process_id, pl.calendar_id, pl.slot_id, pl.calendar_date, u.name, u.cardnum, u.phone,
           (pl.calendar_date - 3)::timestamp AT TIME ZONE 'Asia/Shanghai' + gen.u(pl.k, 82) * interval '2 days',
           jsonb_build_object('wlsh', ac.prolsh, 'calendar', pl.calendar_date::text, 'timeName', pl.time_name, 'processName', pl.process_name, 'areaName', pl.area_name, 'djlx', ac.djlx)
    FROM gen.place pl JOIN gen.accepted ac ON ac.rn = 1 + floor(gen.u(pl.k, 83) * (SELECT count(*) FROM gen.accepted)) JOIN users u ON u.openid = ac.openid
    WHERE gen.u(pl.k, 84) < 0.7
    ON CONFLICT DO NOTHING;
    INSERT INTO counter_bookings (openid, calendar_id, slot_id, booked_date, yysj, name, phone, zjh, created_at)
    SELECT u.openid, pl.calendar_id, pl.slot_id, pl.calendar_date, pl.calendar_date::text || ' ' || pl.time_name, u.name, u.phone, u.cardnum,
           (pl.calendar_date - 3)::timestamp AT TIME ZONE 'Asia/Shanghai' + gen.u(pl.k, 85) * interval '2 days'
    FROM gen.place pl JOIN users u ON u.openid = gen.openid(1 + floor(gen.u(pl.k, 86) * ${citizens})::bigint)
    WHERE gen.u(pl.k, 84) >= 0.7
    ON CONFLICT DO NOTHING;
    UPDATE appointment_slots s SET count_num = b.n FROM (
      SELECT slot_id, count(*) AS n FROM (SELECT slot_id FROM appointment_orders UNION ALL SELECT slot_id FROM counter_bookings) x GROUP BY slot_id
    ) b WHERE b.slot_id = s.id;
    UPDATE applications a SET kyy = '2' FROM appointment_orders o WHERE o.application_id = a.id;
    INSERT INTO appointment_attendance (booking_kind, booking_id, state, operator_name, recorded_at)
    SELECT b.kind, b.id, CASE WHEN gen.u(b.id * 2 + b.bit, 87) < 0.86 THEN 'arrived' ELSE 'no_show' END, '窗口人员', b.booked_date::timestamp AT TIME ZONE 'Asia/Shanghai' + interval '17 hours'
    FROM (SELECT 'order' AS kind, id, booked_date, 0 AS bit FROM appointment_orders UNION ALL SELECT 'counter', id, booked_date, 1 FROM counter_bookings) b
    WHERE b.booked_date < ${sqlText(until)}::date;
  `;

  // A year of queue numbers: each hall's groups, working days, hourly bands of the seeded queue settings.
  const queue = `
    INSERT INTO queue_orders (openid, company_id, group_id, res_day, res_time, name, phone, number, state, created_at, cancelled_at, call_state, call_window, called_at)
    SELECT gen.openid(1 + floor(gen.u(q.k, 90) * ${citizens})::bigint), q.company_id, q.group_id, q.day, q.band, gen.person(q.k, 91), gen.phone(q.k, 95),
           q.prefix || lpad(row_number() OVER (PARTITION BY q.group_id, q.day ORDER BY q.band, q.seat)::text, 3, '0'),
           CASE WHEN q.cancelled THEN 2 ELSE 1 END, q.taken, CASE WHEN q.cancelled THEN q.taken + interval '1 hour' END,
           CASE WHEN q.cancelled THEN 'waiting' WHEN gen.u(q.k, 97) < 0.05 THEN 'skipped' ELSE 'done' END,
           CASE WHEN q.cancelled THEN NULL ELSE 1 + floor(gen.u(q.k, 98) * 6)::int END,
           CASE WHEN q.cancelled THEN NULL ELSE greatest(q.taken, q.start) + gen.u(q.k, 99) * interval '50 minutes' END
    FROM (
      SELECT g.company_id, g.id AS group_id, g.prefix, d::date AS day, to_char(h, 'FM00') || ':00-' || to_char(h + 1, 'FM00') || ':00' AS band, seat,
             (hashtext(g.id) & 65535)::bigint * 100000000 + (d::date - date '2000-01-01') * 10000 + h * 100 + seat AS k,
             (d::date + make_time(h, 0, 0)) AT TIME ZONE 'Asia/Shanghai' AS start,
             (d::date + make_time(h, 0, 0)) AT TIME ZONE 'Asia/Shanghai' - gen.u((hashtext(g.id) & 65535)::bigint * 100000000 + (d::date - date '2000-01-01') * 10000 + h * 100 + seat, 92) * interval '3 days' AS taken,
             gen.u((hashtext(g.id) & 65535)::bigint * 100000000 + (d::date - date '2000-01-01') * 10000 + h * 100 + seat, 93) < 0.08 AS cancelled
      FROM queue_groups g
      CROSS JOIN generate_series(${sqlText(until)}::date - ${days}, ${sqlText(until)}::date - 1, interval '1 day') AS d
      CROSS JOIN generate_series(9, 16) AS h
      CROSS JOIN LATERAL generate_series(1, 1 + floor(gen.u((hashtext(g.id) & 65535)::bigint * 100000 + (d::date - date '2000-01-01') * 10 + h, 94) * ${Math.max(1, Math.round(8 * Math.min(1, scale * 4)))})::int) AS seat
      WHERE extract(isodow FROM d) < 6
    ) q
    ON CONFLICT DO NOTHING;
  `;

  const feedbackRows = `
    INSERT INTO feedback (openid, content, reply, status, created_at, replied_at)
    SELECT gen.openid(1 + floor(gen.u(i, 100) * ${citizens})::bigint), gen.pick(${sqlArray(FEEDBACK)}, i, 101), f.reply, CASE WHEN f.reply IS NULL THEN 0 ELSE 1 END, f.created,
           CASE WHEN f.reply IS NULL THEN NULL ELSE f.created + (1 + gen.u(i, 102) * 70) * interval '1 hour' END
    FROM generate_series(1, ${feedback}) AS i
    CROSS JOIN LATERAL (SELECT ${anchor} - gen.u(i, 103) * ${days} * interval '1 day' AS created,
                               CASE WHEN gen.u(i, 104) < 0.9 THEN gen.pick(${sqlArray(REPLIES)}, i, 105) END AS reply) f;
  `;

  return {
    counts: { citizens, applications, queries, feedback, days },
    helpers,
    tables: [
      { table: 'users', sql: users },
      { table: '(application plan)', sql: applicationRows },
      { table: 'applications', sql: applicationsInsert },
      { table: 'applicants', sql: applicants },
      { table: 'property_units', sql: units },
      { table: 'materials', sql: materials },
      { table: 'audit_trail', sql: audit },
      { table: 'review_decisions', sql: decisions },
      { table: 'registry_cases', sql: cases },
      { table: 'query_records', sql: queryRecords },
      { table: 'appointment_calendars + slots', sql: calendars },
      { table: 'appointment_orders + counter_bookings + attendance', sql: bookings },
      { table: 'queue_orders', sql: queue },
      { table: 'feedback', sql: feedbackRows },
    ],
  };
}
