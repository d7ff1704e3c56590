import type { DomainKind } from '../kinds';

/**
 * A kind as CONTRIBUTING's 'Add a master kind' adds it: a keyword master with screens that rules can name and
 * questions ask about, in one row. The recipe's tests add it to the kinds table and follow it to every place the
 * recipe says it reaches (the kernel's derived tables, the shell's navigation).
 */
export const ADDED_KIND = {
  module: 'implants',
  title: 'Implants',
  noun: 'Implant',
  store: 'keyword',
  listed: true,
  icon: 'ExperimentOutlined',
  rule: { entityName: 'implants', label: 'Implants', order: 8 },
  group: { key: 'implant', label: 'Implants', empty: 'Implant not found', notFound: 'Implant not found', order: 9 },
  answer: { entityType: 'implant', order: 8 },
  masterList: 'implants',
} as const satisfies DomainKind;
