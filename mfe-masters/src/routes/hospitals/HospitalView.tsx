import { MasterView } from '../../components/MasterView';
import { hospitalView } from './hospitalScreens';

export const HospitalView = () => <MasterView config={hospitalView} />;
