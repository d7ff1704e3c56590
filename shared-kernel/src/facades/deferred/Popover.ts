// What antd's own modules get for their import of it (DEFERRED_INSIDE_ANTD in build/federated-app.cjs).
export { Popover as default } from '../antd-deferred';
