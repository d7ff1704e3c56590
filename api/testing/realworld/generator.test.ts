import { PDFDocument } from 'pdf-lib';
import { buildRealWorldClaim, DEFAULT_PER_CLASS, REALWORLD_CLASSES, type RealWorldClaim, type RealWorldClass } from './generator';

const IMAGE_CLASSES: readonly RealWorldClass[] = ['turned', 'skewed', 'photo', 'fax'];

async function plans(seed: number): Promise<RealWorldClaim[]> {
  const claims: RealWorldClaim[] = [];
  for (const cls of REALWORLD_CLASSES)
    for (let i = 0; i < DEFAULT_PER_CLASS; i++) claims.push(await buildRealWorldClaim(cls, i, seed, { files: false }));
  return claims;
}

describe('the real-world corpus', () => {
  it.each([1, 7])(
    'plans every class in at least 15 claims, most ACCEPTED and some REJECTED, over several hospitals and procedures (seed %i)',
    async (seed) => {
      // A plan whose oracle verdict is not the one it meant throws, so planning them all checks every verdict.
      const claims = await plans(seed);
      for (const cls of REALWORLD_CLASSES) {
        const of = claims.filter((c) => c.realWorld.class === cls);
        const accepted = of.filter((c) => c.expected.result === 'ACCEPTED').length;
        const rejected = of.filter((c) => c.expected.result === 'REJECTED').length;
        expect(of.length).toBeGreaterThanOrEqual(15);
        expect(accepted + rejected).toBe(of.length);
        expect(accepted).toBeGreaterThan(of.length / 2);
        expect(rejected).toBeGreaterThanOrEqual(3);
        expect(new Set(of.map((c) => c.hospitalCode)).size).toBeGreaterThanOrEqual(4);
        expect(new Set(of.map((c) => c.procedureCodes[0])).size).toBeGreaterThanOrEqual(5);
        expect(new Set(of.map((c) => c.realWorld.variant)).size).toBeGreaterThanOrEqual(2);
        // A rejected claim fails on a value only: everything else is read right.
        for (const c of of.filter((x) => x.expected.result === 'REJECTED'))
          expect(c.expected.failedTrees[c.procedureCodes[0]]).toEqual(['clinicalTermsRule']);
      }
      expect(new Set(claims.map((c) => c.referenceClaimId)).size).toBe(claims.length);
    },
    120_000,
  );

  it('gives the same files and verdicts for the same seed, and other ones for another seed', async () => {
    for (const cls of ['skewed', 'watermark-stamp', 'junk-text-layer'] as const) {
      const [a, b, other] = await Promise.all([
        buildRealWorldClaim(cls, 2, 3),
        buildRealWorldClaim(cls, 2, 3),
        buildRealWorldClaim(cls, 2, 4),
      ]);
      expect(b.expected).toEqual(a.expected);
      expect(b.documents.map((d) => [d.fileName, Buffer.from(d.data).toString('base64')])).toEqual(
        a.documents.map((d) => [d.fileName, Buffer.from(d.data).toString('base64')]),
      );
      expect(other.documents.map((d) => Buffer.from(d.data).toString('base64'))).not.toEqual(
        a.documents.map((d) => Buffer.from(d.data).toString('base64')),
      );
    }
  }, 120_000);

  it.each(REALWORLD_CLASSES)(
    'renders %s claims as files of the kind the class is about',
    async (cls) => {
      const claim = await buildRealWorldClaim(cls, 1, 1);
      expect(claim.documents.length).toBeGreaterThanOrEqual(2);
      expect(new Set(claim.documents.map((d) => d.fileName)).size).toBe(claim.documents.length);
      if (IMAGE_CLASSES.includes(cls)) expect(claim.expected.imagePages).toBeGreaterThanOrEqual(1);
      if (cls === 'photo') expect(claim.documents.some((d) => d.contentType === 'image/jpeg')).toBe(true);
      for (const d of claim.documents.filter((x) => x.contentType === 'application/pdf')) {
        const pdf = await PDFDocument.load(d.data);
        // No page is turned by a flag: a turned scan is a turned picture.
        for (const page of pdf.getPages()) expect(page.getRotation().angle).toBe(0);
      }
    },
    60_000,
  );
});
