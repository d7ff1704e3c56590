import type { Hospital } from '@claims/shared-kernel';
import { fetchHospital, fetchHospitalPage, searchHospitals } from '../../api/hospitals';
import type { MasterListConfig } from '../../components/MasterList';
import type { MasterViewConfig } from '../../components/MasterView';

/** The hospitals master as the generic list and view screens show it (spec 2 §2.2, §2.9). */
export const hospitalList: MasterListConfig<Hospital> = {
  path: 'hospitals',
  title: 'Hospitals',
  rowKey: 'id',
  columns: [
    { key: 'id', title: 'ID', value: (h) => h.id },
    { key: 'name', title: 'Name', value: (h) => h.name, filterable: true },
    { key: 'hospital_code', title: 'Code', value: (h) => h.hospital_code, filterable: true },
  ],
  viewCode: (h) => h.hospital_code,
  fetchPage: fetchHospitalPage,
  search: searchHospitals,
};

export const hospitalView: MasterViewConfig<Hospital> = {
  path: 'hospitals',
  listTitle: 'Hospitals',
  noun: 'Hospital',
  load: fetchHospital,
  heading: (h) => h.name,
  fields: [
    { label: 'Hospital Code', value: (h) => h.hospital_code, logged: ['hospital_code'] },
    { label: 'Hospital Name', value: (h) => h.name, logged: ['name'] },
  ],
  editCode: (h) => h.hospital_code,
};
