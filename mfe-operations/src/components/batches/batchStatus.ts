/** 'TO_BE_PROCESSED' reads 'To Be Processed'. */
export const statusText = (code: string): string =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The tag colour of each batch status in the grid. */
export const STATUS_COLOURS: Partial<Record<string, string>> = {
  CREATED: 'default',
  TO_BE_PROCESSED: 'blue',
  IN_PROCESSING: 'processing',
  PAUSED: 'warning',
  RESUMED: 'cyan',
  FULLY_PROCESSED: 'success',
  ASSIGNED: 'purple',
  SUSPENDED: 'orange',
  ARCHIVED: 'default',
  DISCARDED: 'error',
};
