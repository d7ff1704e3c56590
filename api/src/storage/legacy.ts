/**
 * Before the document store, a document's bytes were kept in claim_documents.data. At start (main.ts)
 * each such document is moved into the store once: written under a new key, then its row names the key
 * and lets go of the bytes. One document at a time, so memory holds one file however many there are.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { claimDocuments } from '../db/schema';
import { newDocumentKey, type DocumentStore } from './store';

/** Moves every document still held in the database into the store; answers how many it moved. */
export async function moveLegacyDocuments(db: Db, store: DocumentStore): Promise<number> {
  const legacy = and(isNotNull(claimDocuments.data), isNull(claimDocuments.storageKey));
  let moved = 0;
  for (;;) {
    const [row] = await db
      .select({ id: claimDocuments.id, data: claimDocuments.data })
      .from(claimDocuments)
      .where(legacy)
      .orderBy(asc(claimDocuments.id))
      .limit(1);
    if (!row?.data) return moved;
    const key = newDocumentKey();
    await store.put(key, row.data);
    const updated = await db
      .update(claimDocuments)
      .set({ storageKey: key, data: null })
      .where(and(eq(claimDocuments.id, row.id), legacy))
      .returning({ id: claimDocuments.id });
    // Another process moved it first: its copy is the one the row names.
    if (updated.length === 0) await store.delete(key);
    moved += updated.length;
  }
}
