/**
 * What antd's App gets for its notification hook (DEFERRED_INSIDE_ANTD in build/federated-app.cjs): the same
 * api, whose first call loads antd's hook and its styles and then shows the notification. No screen of the
 * suite notifies today, so the signed-in page does not carry them.
 */
import type { ArgsProps, NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { createElement, type Key, lazy, type ReactElement, Suspense, useEffect, useMemo, useRef, useState } from 'react';

interface Holder {
  api: NotificationInstance | null;
  waiting: ((api: NotificationInstance) => void)[];
}

const Loaded = lazy(async () => {
  const { default: useNotification } = await import('antd/es/notification/useNotification');
  // biome-ignore lint/correctness/noComponentHookFactories: made once, when the lazy component first loads
  function NotificationHolder({ config, holder }: { config?: NotificationConfig; holder: Holder }) {
    const [api, contextHolder] = useNotification(config);
    useEffect(() => {
      holder.api = api;
      for (const call of holder.waiting.splice(0)) call(api);
    }, [api, holder]);
    return contextHolder;
  }
  return { default: NotificationHolder };
});

export default function useDeferredNotification(config?: NotificationConfig): readonly [NotificationInstance, ReactElement | null] {
  const holder = useRef<Holder>({ api: null, waiting: [] }).current;
  const [wanted, setWanted] = useState(false);
  const api = useMemo<NotificationInstance>(() => {
    const whenLoaded = (call: (loaded: NotificationInstance) => void): void => {
      if (holder.api) {
        call(holder.api);
        return;
      }
      holder.waiting.push(call);
      setWanted(true);
    };
    return {
      open: (args: ArgsProps) => whenLoaded((loaded) => loaded.open(args)),
      destroy: (key?: Key) => whenLoaded((loaded) => loaded.destroy(key)),
      success: (args: ArgsProps) => whenLoaded((loaded) => loaded.success(args)),
      error: (args: ArgsProps) => whenLoaded((loaded) => loaded.error(args)),
      info: (args: ArgsProps) => whenLoaded((loaded) => loaded.info(args)),
      warning: (args: ArgsProps) => whenLoaded((loaded) => loaded.warning(args)),
    };
  }, [holder]);
  const contextHolder = wanted ? createElement(Suspense, { fallback: null }, createElement(Loaded, { config, holder })) : null;
  return [api, contextHolder] as const;
}
