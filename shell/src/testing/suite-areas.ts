/**
 * The areas as the suite's remotes declare them (their src/area.ts, which their builds turn into
 * area.json): the shell's tests route and build the navigation from the same declarations the running
 * shell fetches, so a remote's change to its declaration shows here too. Test-only: the shell's code
 * never imports a remote.
 */
import { AreaDeclaration } from '@claims/shared-kernel/contract';
import { area as claims } from '../../../mfe-claims/src/area';
import { area as masters } from '../../../mfe-masters/src/area';
import { area as operations } from '../../../mfe-operations/src/area';
import { area as rules } from '../../../mfe-rules/src/area';
import { setAreas } from '../areas';

export const SUITE_AREAS = [claims, masters, rules, operations].map((area) => AreaDeclaration.parse(area));

beforeEach(() => setAreas(SUITE_AREAS));
