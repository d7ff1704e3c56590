/**
 * Document rounds (issue 24 §1-§2) in Chromium against the private suite: an insurer's claim judged QUERY because its
 * lab report is missing; the provider's reviewer requests it from the claim page (pre-filled with the missing
 * document), the list tags the claim 'Documents requested'; the insurer adds the lab report from the claim page, the
 * claim is verified again and its verdict changes to ACCEPTED, the round reading 'QUERY → ACCEPTED'.
 * The procedure and its rule (a discharge summary and a lab report, nothing else) are made through the api, so the
 * verdicts do not depend on the seed's rules.
 */
import type { Claim, ClaimListRow, KeywordEntity, Procedure, Rule } from '@claims/shared-kernel/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { apiLogin, type E2E, screenshot, signInAs, untilSeededClaims } from './harness';

const REVIEWER = 'vitraya.reviewer';
const INSURER = 'starhealth.admin';
const INSURER_ORG = 'starhealth';

/** An A4 page with the lines of text, as a scanned-in report reads. */
async function textPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 780 - i * 24, size: 12, font });
  return Buffer.from(await pdf.save());
}

interface Session {
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  upload<T>(path: string, form: FormData): Promise<T>;
}

async function session(e2e: E2E, username: string): Promise<Session> {
  const { access_token: token } = await apiLogin(e2e.apiBaseUrl, username);
  const answer = async <T>(what: string, response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${what} as ${username}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    call: async (method, path, body) =>
      answer(
        `${method} ${path}`,
        await fetch(`${e2e.apiBaseUrl}${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      ),
    upload: async (path, form) =>
      answer(
        `POST ${path}`,
        await fetch(`${e2e.apiBaseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form }),
      ),
  };
}

/** Asks until `check` answers something other than undefined. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const presence = (document: string) => ({
  operator: 'ANY_OF_N_VALUES_IS_PRESENT',
  entityName: 'document',
  numberOfValues: 1,
  valuesToFind: [document],
});

export function defineDocumentRoundTests(getE2E: () => E2E): void {
  describe('document rounds', () => {
    test('a QUERY claim for a missing lab report: requested, the insurer adds the report, the verdict changes to ACCEPTED', async () => {
      const e2e = getE2E();
      await untilSeededClaims(e2e.apiBaseUrl);
      const admin = await session(e2e, 'vitraya.admin');
      const insurer = await session(e2e, INSURER);

      // A procedure of its own whose provider rule wants a discharge summary and a lab report, nothing more.
      const stamp = `${Date.now()}`.slice(-7);
      const [group] = await admin.call<KeywordEntity[]>('GET', '/procedureGroup?getall=true');
      const procedure = await admin.call<Procedure>('POST', '/procedures', {
        name: `E2E Rounds ${stamp}`,
        procedure_code: `e2erounds${stamp}`,
        snomedct_code: `8${stamp}`,
        fk_procedure_group: group.id,
      });
      const documents = await admin.call<KeywordEntity[]>('GET', '/document?getall=true');
      const documentId = (name: string) => {
        const found = documents.find((d) => d.name === name);
        if (!found) throw new Error(`the seed has no document master '${name}'`);
        return found.id;
      };
      await admin.call<Rule>('POST', '/rules?org=vitraya', {
        fk_procedure: procedure.id,
        case_type: 'SETTLEMENT',
        fk_document: [documentId('Discharge Summary'), documentId('Lab Report')],
        documentRule: { booleanOperator: 'AND', statements: [presence('Discharge Summary'), presence('Lab Report')] },
      });

      // The insurer's claim comes with its discharge summary only.
      const form = new FormData();
      for (const [name, value] of Object.entries({
        patientName: 'Asha Rao',
        referenceClaimId: `E2E-ROUND-${stamp}`,
        caseType: 'SETTLEMENT',
        procedureName: procedure.procedure_code,
      }))
        form.append(name, value);
      const summary = await textPdf(['DISCHARGE SUMMARY', 'Patient: Asha Rao', `Procedure done: ${procedure.name}`]);
      form.append('documents', new Blob([new Uint8Array(summary)], { type: 'application/pdf' }), 'discharge-summary.pdf');
      const { id } = await insurer.upload<{ id: number }>(`/claims?org=${INSURER_ORG}`, form);
      const queried = await until('the claim to be verified', async () => {
        const claim = await insurer.call<Claim>('GET', `/claims/${id}`);
        return claim.status === 'ADJUDICATED' ? claim : undefined;
      });
      expect(queried).toMatchObject({ adjudicationResult: 'QUERY', adjudicationReason: 'Required Document not found: Lab Report' });

      const { context, page } = await e2e.newPage();
      try {
        // The provider's reviewer requests the missing lab report from the claim page.
        await signInAs(page, e2e.shellUrl, REVIEWER);
        await page.goto(`${e2e.shellUrl}/claims/${id}?org=${INSURER_ORG}`);
        await page.getByRole('heading', { name: queried.referenceClaimId }).waitFor();
        const rounds = page.getByRole('region', { name: 'Document rounds' });
        await rounds.getByRole('button', { name: 'Request documents' }).click();
        const dialog = page.getByRole('dialog', { name: 'Request documents' });
        await dialog.locator('.ant-select-selection-item-content', { hasText: 'Lab Report' }).waitFor();
        await dialog.getByRole('textbox', { name: 'Note' }).fill('Please send the lab report');
        await dialog.getByRole('button', { name: 'Send', exact: true }).click();
        await rounds.getByText('Documents requested').waitFor();
        await rounds.getByText(`Requested by ${REVIEWER} on`).waitFor();
        await screenshot(page, 'documents-requested');
        const tagged = await admin.call<ClaimListRow[]>('POST', `/claims/search?org=${INSURER_ORG}&limit=100&page_number=1`, {
          documentsRequested: true,
        });
        expect(tagged.map((row) => row.id)).toContain(id);
      } finally {
        await context.close();
      }

      const insurerPage = await e2e.newPage();
      try {
        // The insurer adds the lab report from the same claim page; the claim is verified again with it.
        const { page } = insurerPage;
        await signInAs(page, e2e.shellUrl, INSURER);
        await page.goto(`${e2e.shellUrl}/claims/${id}`);
        await page.getByRole('heading', { name: queried.referenceClaimId }).waitFor();
        const rounds = page.getByRole('region', { name: 'Document rounds' });
        await rounds.getByRole('button', { name: 'Add documents' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add documents' });
        await dialog.locator('input[type="file"]').setInputFiles({
          name: 'lab-report.pdf',
          mimeType: 'application/pdf',
          buffer: await textPdf(['LAB REPORT', 'Patient: Asha Rao', 'Haemoglobin 13.2 g/dL']),
        });
        await dialog.getByText('lab-report.pdf').waitFor();
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        await page.getByText('Documents added: the claim is being verified again').waitFor();
        await rounds.getByText(/^Verified again on .*: QUERY → ACCEPTED$/).waitFor({ timeout: 120_000 });
        await page.getByRole('group', { name: 'Claim result' }).getByText('PASS').waitFor();
        await screenshot(page, 'documents-added');
      } finally {
        await insurerPage.context.close();
      }

      const verified = await insurer.call<Claim>('GET', `/claims/${id}`);
      expect(verified).toMatchObject({ status: 'ADJUDICATED', adjudicationResult: 'ACCEPTED' });
      expect(verified.documentRounds).toEqual([
        expect.objectContaining({
          requestedBy: REVIEWER,
          documents: ['Lab Report'],
          note: 'Please send the lab report',
          answeredBy: INSURER,
          files: [expect.objectContaining({ fileName: 'lab-report.pdf' })],
          verdictBefore: 'QUERY',
          verdictAfter: 'ACCEPTED',
        }),
      ]);
    });
  });
}
