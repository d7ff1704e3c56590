// An S3 server on this machine for DOCUMENT_STORE=s3 (the api's tests, `npm run cluster`): @20minutes/s3rver, the
// maintained fork of s3rver (Node 20 or later), over real HTTP on a loopback port, its objects in `directory`.
// Plain JavaScript, so that node runs it without tsx (scripts/lib/cluster.mjs); s3-server.d.mts gives its types.
import S3rver from '@20minutes/s3rver';

/** s3rver's one account; the api finds it through the SDK's credential chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY). */
const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server({ port = 0, directory, buckets = [], address = '127.0.0.1' }) {
  const server = new S3rver({
    address,
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
    // s3rver signs a bucket-level request (a listing) over '/bucket' where the AWS SDK v3 signs '/bucket/', and would
    // refuse every listing; the access key is still checked.
    allowMismatchedSignatures: true,
  });
  const { port: listening } = await server.run();
  return {
    endpoint: `http://${address}:${listening}`,
    ...ACCOUNT,
    close: () => server.close(),
  };
}
