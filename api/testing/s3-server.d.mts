export interface S3ServerOptions {
  /** 0 (the default) for any free port. */
  port?: number;
  /** Where the buckets' objects are kept. */
  directory: string;
  /** Buckets made before it answers. */
  buckets?: string[];
  address?: string;
}

export interface S3Server {
  /** http://address:port, for S3_ENDPOINT (with S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export function startS3Server(options: S3ServerOptions): Promise<S3Server>;
