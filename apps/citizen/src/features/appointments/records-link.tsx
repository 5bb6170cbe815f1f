import { Link } from 'react-router';
import { paths } from '../../config/paths';
import './appointments.css';

/** The way to the citizen's appointment records (/yuyueRecord, spec part 3 §2.3), from the appointment screens. */
export function RecordsLink() {
  return (
    <Link className="hall-appointments__records" to={paths.yuyueRecord}>
      我的预约记录
    </Link>
  );
}
