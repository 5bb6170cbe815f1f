/**
 * The demo hall's registration centre, 邯郸 (HALL_XZQDM 130400), and its two district halls: one home
 * for their addresses, hours, phones and positions, so the contact page, the service sites, the
 * counter booking, the queue halls and the news say the same. The halls open at noon too (中午不休息),
 * which is why the queue hands out numbers for 12:00–13:00; the booking slots are a part of the day.
 */

export interface DemoHall {
  name: string;
  /** The hall's district (xzqdm). */
  district: string;
  address: string;
  worktime: string;
  phone: string;
  lat: string;
  lng: string;
}

const WORKTIME = '周一至周五 09:00-17:00（中午不休息）';

export const DEMO_CENTRE: DemoHall = {
  name: '邯郸市不动产登记中心',
  district: '130400',
  address: '河北省邯郸市丛台区滏东北大街566号市民服务中心',
  worktime: WORKTIME,
  phone: '0310-3101234',
  lat: '36.6257',
  lng: '114.5391',
};

export const DEMO_DISTRICT_HALLS: DemoHall[] = [
  {
    name: '邯山区不动产登记服务大厅',
    district: '130402',
    address: '河北省邯郸市邯山区陵西南大街88号',
    worktime: WORKTIME,
    phone: '0310-3201234',
    lat: '36.5893',
    lng: '114.4884',
  },
  {
    name: '复兴区不动产登记服务大厅',
    district: '130404',
    address: '河北省邯郸市复兴区复兴路216号政务服务中心一楼',
    worktime: WORKTIME,
    phone: '0310-4021234',
    lat: '36.6122',
    lng: '114.4431',
  },
];

/** getContactUs's comma-separated lines (spec part 1 §3); questions in writing go through 意见反馈. */
export const DEMO_CONTACT = `地址：${DEMO_CENTRE.address},咨询电话：${DEMO_CENTRE.phone},工作时间：${DEMO_CENTRE.worktime},在线留言：个人中心“意见反馈”`;
