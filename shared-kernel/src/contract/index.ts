/** The wire contract: request schemas (zod) and response types, shared by the api and the remotes. */
export * from './common';
export * from './auth';
export * from './claims';
export * from './batches';
export * from './masters';
export * from './rules';
export * from '../rule-statements';
export * from './annotations';
export * from './areas';
export * from './audit';
export * from './review';
export * from './quality';
export * from './rounds';
export * from './dashboard-charts';
export * from './decisions';
export * from './letters';
export * from './endpoints';
