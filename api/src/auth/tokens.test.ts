import { issueToken, readToken } from './tokens';

const user = { username: 'vitraya.reviewer', organization: 'vitraya', role: 'user' as const, tokenVersion: 3 };
const secret = new TextEncoder().encode('a-secret-of-enough-length-for-hs256');

describe('readToken', () => {
  test('gives the claims of a token it signed, the same on a second read', async () => {
    const token = await issueToken(user, secret, 60);
    const first = await readToken(token, secret);
    expect(first).toMatchObject({ username: 'vitraya.reviewer', organization: 'vitraya', role: 'user', ver: 3 });
    await expect(readToken(token, secret)).resolves.toEqual(first);
  });

  test('a token checked once under one secret is refused under another', async () => {
    const token = await issueToken(user, secret, 60);
    expect(await readToken(token, secret)).not.toBeNull();
    await expect(readToken(token, new TextEncoder().encode('another-secret-of-enough-length'))).resolves.toBeNull();
  });

  test('a remembered token is refused once it expires', async () => {
    const token = await issueToken(user, secret, 60);
    const claims = await readToken(token, secret);
    await expect(readToken(token, secret, claims!.exp + 1)).resolves.toBeNull();
  });

  test('a token with a changed payload is refused', async () => {
    const token = await issueToken(user, secret, 60);
    await readToken(token, secret);
    const [header, payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'super_user' }),
    ).toString('base64url');
    await expect(readToken(`${header}.${raised}.${signature}`, secret)).resolves.toBeNull();
  });
});
