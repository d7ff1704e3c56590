/** One page of a list as the screens use it, whatever shape the server answered in. */
export interface Page<T> {
  rows: T[];
  total: number;
}
