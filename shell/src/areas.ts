/**
 * Which remote owns which part of the URL space, and what the side navigation offers: both assembled at
 * start from the areas the remotes declare (their area.json, see federation/declarations.ts), so a remote
 * adds a screen or a navigation entry without a new shell. The first path segment picks the remote, and
 * the remote's own <Routes> (relative to the root) take it from there.
 */
import { isDemoOrg, isProviderOrg, type SessionState } from '@claims/shared-kernel';
import type { AreaDeclaration, NavAudience, NavEntry } from '@claims/shared-kernel/contract';

/** A remote's federation name (mfe_claims). */
export type RemoteName = string;

let declared: AreaDeclaration[] = [];
let ownerBySegment = new Map<string, RemoteName>();

/** Replaces the known areas (at start-up, and in tests). A segment two areas claim stays with the first. */
export function setAreas(areas: readonly AreaDeclaration[]): void {
  declared = [...areas];
  ownerBySegment = new Map();
  for (const area of declared) {
    for (const segment of area.segments) if (!ownerBySegment.has(segment)) ownerBySegment.set(segment, area.name);
  }
}

export const knownAreas = (): readonly AreaDeclaration[] => declared;

export const areaOf = (remote: RemoteName): AreaDeclaration | undefined => declared.find((area) => area.name === remote);

/** How the error panel names a remote to a person: 'Claims'. */
export const areaLabel = (remote: RemoteName): string => areaOf(remote)?.label ?? remote;

/** The first segment of a path: '/claims/12?x' -> 'claims'. */
export function firstSegment(pathname: string): string {
  return pathname.split('/').find((part) => part !== '') ?? '';
}

/** The remote that owns a path, or null when no remote does (the shell shows page not found). */
export function remoteForPath(pathname: string): RemoteName | null {
  return ownerBySegment.get(firstSegment(pathname)) ?? null;
}

export interface NavGroup {
  id: string;
  title?: string;
  entries: NavEntry[];
}

function sees(audience: NavAudience, session: Pick<SessionState, 'organization' | 'role'>): boolean {
  const kind = isProviderOrg(session.organization) ? 'provider' : isDemoOrg(session.organization) ? 'demo' : 'insurer';
  if (audience.organizations && !audience.organizations.includes(kind)) return false;
  if (audience.roles && !(session.role && audience.roles.includes(session.role))) return false;
  return true;
}

/** The side navigation for a user: every area's entries they may see, grouped by section, each in order. */
export function navigationFor(session: Pick<SessionState, 'organization' | 'role'>): NavGroup[] {
  const sections = new Map<string, { title?: string; order: number }>();
  for (const area of declared) {
    for (const section of area.sections)
      if (!sections.has(section.id)) sections.set(section.id, { title: section.title, order: section.order });
  }
  const groups = new Map<string, NavGroup & { order: number }>();
  for (const entry of declared.flatMap((area) => area.navigation)) {
    if (!sees(entry.visibleTo, session)) continue;
    const section = sections.get(entry.section) ?? { title: entry.section, order: Number.MAX_SAFE_INTEGER };
    const group = groups.get(entry.section) ?? { id: entry.section, title: section.title, order: section.order, entries: [] };
    group.entries.push(entry);
    groups.set(entry.section, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ id, title, entries }) => ({ id, title, entries: entries.sort((a, b) => a.order - b.order) }));
}

/** The navigation entry to highlight for a location, if any (a claim's questions highlight Claims to Review). */
export function activeNavPath(pathname: string): string | undefined {
  const segment = firstSegment(pathname);
  const highlighted = declared.map((area) => area.highlight[segment]).find(Boolean) ?? `/${segment}`;
  return declared.some((area) => area.navigation.some((entry) => entry.path === highlighted)) ? highlighted : undefined;
}
