import { MasterList } from '../../components/MasterList';
import { hospitalList } from './hospitalScreens';

export const HospitalList = () => <MasterList config={hospitalList} />;
