import { mayUseSuperUserScreen, useSession } from '@claims/shared-kernel';

/**
 * Master data is written by the provider's super users only (the api's requireMasterWriter refuses anyone else), so
 * Create, Edit and the editors are offered to them alone; an insurer's super user would meet nothing but refusals.
 */
export const useMayWriteMasters = (): boolean => useSession((s) => mayUseSuperUserScreen(s, true));
