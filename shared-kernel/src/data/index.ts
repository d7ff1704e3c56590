export * from './query-client';
