// What antd's own modules get for their import of it (DEFERRED_INSIDE_ANTD in build/federated-app.cjs).
export { InputPassword as default } from '../antd-deferred';
