/**
 * What a remote declares about itself, so the shell can map URLs to it and build the navigation without
 * running any of its code: the build writes it as `area.json` beside the remote's mf-manifest.json, and
 * the shell fetches it at start. A team adds a screen or a navigation entry by deploying its remote alone.
 */
import { z } from 'zod';
import { ROLES } from '../constants';

/** Who sees a navigation entry: the organisation's kind (the provider, an insurer, the demo) and the role. */
export const NavAudience = z.object({
  organizations: z.array(z.enum(['provider', 'insurer', 'demo'])).optional(),
  roles: z.array(z.enum(ROLES)).optional(),
});
export type NavAudience = z.infer<typeof NavAudience>;

export const NavEntry = z.object({
  path: z.string().startsWith('/'),
  label: z.string().min(1),
  /** An icon's name from the shell's icon set (e.g. 'DashboardOutlined'); an unknown name gets a plain one. */
  icon: z.string(),
  /** The id of a section of this or another area's declaration. */
  section: z.string(),
  /** Position within the section, ascending. */
  order: z.number(),
  visibleTo: NavAudience.default({}),
});
export type NavEntry = z.infer<typeof NavEntry>;

export const NavSection = z.object({
  id: z.string(),
  /** A heading above the entries; none for an untitled group. */
  title: z.string().optional(),
  order: z.number(),
});
export type NavSection = z.infer<typeof NavSection>;

/**
 * The names a remote's code imports from the page's shared modules ('antd', the kernel's entries, ...),
 * written by its build. The shell checks them against what it provides before it loads the remote, so a
 * remote built against a newer kernel or a larger antd facade shows its error panel instead of rendering
 * with an undefined component.
 */
export const SharedRequirements = z.record(z.string(), z.array(z.string()));
export type SharedRequirements = z.infer<typeof SharedRequirements>;

export const AreaDeclaration = z.object({
  /** The federation name: mfe_claims. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** How a person calls the area: 'Claims' (the error panel says 'The Claims area could not be loaded'). */
  label: z.string().min(1),
  /** The first path segments the area owns: 'claims' owns /claims, /claims/12, ... */
  segments: z.array(z.string().regex(/^[A-Za-z0-9_-]+$/)).min(1),
  sections: z.array(NavSection).default([]),
  navigation: z.array(NavEntry).default([]),
  /** Segments whose pages belong to another entry's path: { questions: '/claims' } highlights Claims to Review. */
  highlight: z.record(z.string(), z.string().startsWith('/')).default({}),
  requires: SharedRequirements.default({}),
  /** The content versions of the shared facades and kernel the remote was built against ('0.3.0+1a2b3c4d'). */
  builtAgainst: z.record(z.string(), z.string()).default({}),
});
export type AreaDeclaration = z.infer<typeof AreaDeclaration>;
/** What a remote's src/area.ts writes (defaults filled in by the schema). */
export type AreaDeclarationInput = z.input<typeof AreaDeclaration>;

/**
 * The first path segments a remote's route table owns, in the table's order: what its declaration's `segments`
 * says, so that the shell's URL map and the remote's router cannot disagree. A row that only sends the user
 * elsewhere owns nothing.
 */
export function routeSegments(routes: readonly ({ path: string } & ({ screen: unknown } | { redirect: string }))[]): string[] {
  const owned = routes.flatMap((route) => ('screen' in route ? [route.path.split('/')[0]] : []));
  return [...new Set(owned)];
}
