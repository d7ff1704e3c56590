import { useState } from 'react';

/**
 * Whether one of `values` differs (Object.is) from the previous render's; false on the first render.
 * For state that belongs to those values (a selection among another insurer's rows, the page of
 * another filter's list): reset it during the render that sees the change, as React recommends for
 * state that follows props, rather than in an effect that first renders the stale state.
 *
 *   if (useChanged([org])) setSelected([]);
 *
 * The values must be stable between renders (primitives, state, memoised objects): a value that is
 * new on every render counts as a change on every render.
 */
export function useChanged(values: readonly unknown[]): boolean {
  const [previous, setPrevious] = useState(values);
  const changed = previous.length !== values.length || values.some((value, i) => !Object.is(value, previous[i]));
  if (changed) setPrevious(values);
  return changed;
}
