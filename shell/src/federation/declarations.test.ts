import { expectConsoleWarn } from '@claims/shared-kernel/testing';
import { loadDeclarations } from './declarations';

const remote = { name: 'mfe_rules', entry: 'http://cdn.test/rules/2.0.0/mf-manifest.json' };
const declared = {
  name: 'mfe_rules',
  label: 'Rules',
  segments: ['rules'],
  sections: [{ id: 'rules', title: 'Rules', order: 30 }],
  navigation: [{ path: '/rules', label: 'Procedure Protocol', icon: 'PartitionOutlined', section: 'rules', order: 10 }],
  requires: { antd: ['Button'] },
};

function answerFetch(answer: () => Promise<Response>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(answer);
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('area declarations', () => {
  it('reads area.json beside the manifest, with defaults for what it leaves out', async () => {
    const fetched = answerFetch(async () => Response.json(declared));
    const [area] = await loadDeclarations([remote]);
    expect(fetched.mock.calls[0][0]).toBe('http://cdn.test/rules/2.0.0/area.json');
    expect(area).toEqual({ ...declared, highlight: {}, builtAgainst: {}, navigation: [{ ...declared.navigation[0], visibleTo: {} }] });
  });

  it('keeps the last known declaration while the remote is down, so its navigation stays', async () => {
    answerFetch(async () => Response.json(declared));
    await loadDeclarations([remote]);
    answerFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expectConsoleWarn("The mfe_rules area's declaration could not be fetched");
    const [area] = await loadDeclarations([remote]);
    expect(area.navigation.map((entry) => entry.label)).toEqual(['Procedure Protocol']);
  });

  it('falls back to what the runtime configuration says of a remote never reached', async () => {
    answerFetch(async () => new Response('Not found', { status: 404 }));
    expectConsoleWarn("The mfe_rules area's declaration could not be fetched");
    const [area] = await loadDeclarations([{ ...remote, area: declared }]);
    expect(area.segments).toEqual(['rules']);
  });

  it('refuses a file that is not a declaration of that remote, and leaves an unknown remote out', async () => {
    answerFetch(async () => Response.json({ ...declared, name: 'mfe_other' }));
    expectConsoleWarn('not an area declaration');
    expect(await loadDeclarations([remote])).toEqual([]);
  });
});
