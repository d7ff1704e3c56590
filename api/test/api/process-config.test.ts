/**
 * The settings of a process among many (issue 21 §1, §3): PROCESS_ROLE, DATABASE_POOL_SIZE, and JWT_SECRET, which
 * processes sharing a PostgreSQL database must be given.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';

const dataDir = mkdtempSync(join(tmpdir(), 'claims-process-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SHARED = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.internal/claims', JWT_SECRET: 'one-secret-for-every-process' };

describe('PROCESS_ROLE', () => {
  test('all by default (HTTP and the queue); all, api or worker in any case', () => {
    expect(loadConfig(SHARED).processRole).toBe('all');
    expect(loadConfig({ ...SHARED, PROCESS_ROLE: '' }).processRole).toBe('all');
    expect(loadConfig({ ...SHARED, PROCESS_ROLE: 'api' }).processRole).toBe('api');
    expect(loadConfig({ ...SHARED, PROCESS_ROLE: 'Worker' }).processRole).toBe('worker');
    expect(loadConfig({ ...SHARED, PROCESS_ROLE: ' all ' }).processRole).toBe('all');
  });

  test('an unknown role is refused, naming the roles there are', () => {
    expect(() => loadConfig({ ...SHARED, PROCESS_ROLE: 'workers' })).toThrow("PROCESS_ROLE must be one of all, api, worker, got 'workers'");
    expect(() => loadConfig({ ...SHARED, PROCESS_ROLE: 'api,worker' })).toThrow('PROCESS_ROLE must be one of all, api, worker');
  });
});

describe('DATABASE_POOL_SIZE', () => {
  test('10 connections by default, else the number given', () => {
    expect(loadConfig(SHARED).database).toEqual({ kind: 'postgres', url: SHARED.DATABASE_URL, poolSize: 10 });
    expect(loadConfig({ ...SHARED, DATABASE_POOL_SIZE: '40' }).database).toEqual({
      kind: 'postgres',
      url: SHARED.DATABASE_URL,
      poolSize: 40,
    });
  });

  test('anything but a positive whole number is refused', () => {
    for (const size of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ ...SHARED, DATABASE_POOL_SIZE: size })).toThrow(
        `DATABASE_POOL_SIZE must be a positive integer, got '${size}'`,
      );
    }
  });

  test('the embedded database has no pool', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '40' }).database).toEqual({
      kind: 'pglite',
      dataDir: join(dataDir, 'pglite'),
    });
  });
});

describe('JWT_SECRET', () => {
  test('with DATABASE_URL it must be given, and the refusal says why', () => {
    const { JWT_SECRET: _omitted, ...withoutSecret } = SHARED;
    expect(() => loadConfig(withoutSecret)).toThrow(
      'JWT_SECRET must be set when DATABASE_URL is: every process on the shared database must sign and check tokens with the same secret',
    );
    expect(() => loadConfig({ ...withoutSecret, JWT_SECRET: '' })).toThrow('JWT_SECRET must be set when DATABASE_URL is');
  });

  test('given, it is the secret every process uses', () => {
    expect(new TextDecoder().decode(loadConfig(SHARED).jwtSecret)).toBe(SHARED.JWT_SECRET);
  });

  test('on the embedded database it may be left out: a secret is made once and kept in the data folder', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(new TextDecoder().decode(first)).toBe(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim());
    expect(first.length).toBeGreaterThan(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toEqual(first);
  });
});
