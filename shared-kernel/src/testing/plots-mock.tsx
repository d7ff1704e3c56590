/**
 * @ant-design/plots stand-in for jest: G2 draws on a canvas jsdom does not have. Each chart renders an empty
 * element and keeps the configuration it was given, so a test checks the data and colours handed to the chart
 * (`drawnPlots()`); the drawing itself is the library's and is seen in the browser.
 */
import { useEffect, useId } from 'react';

/** A chart on the page: the library's component it used ('Column') and the configuration it was given. */
export interface DrawnPlot {
  kind: string;
  config: Record<string, unknown>;
}

const mounted = new Map<string, DrawnPlot>();

/** The charts mounted now, in the order they were first drawn, each with its latest configuration. */
export function drawnPlots(): DrawnPlot[] {
  return [...mounted.values()];
}

/** Draws nothing and keeps the configuration of the chart while it is mounted. */
function StandIn({ kind, config }: DrawnPlot) {
  const id = useId();
  // Kept once committed (a render React throws away never draws), dropped when it unmounts.
  useEffect(() => {
    mounted.set(id, { kind, config });
  }, [id, kind, config]);
  useEffect(() => () => void mounted.delete(id), [id]);
  return <div data-plot={kind} />;
}

export const Column = (config: Record<string, unknown>) => <StandIn kind="Column" config={config} />;
