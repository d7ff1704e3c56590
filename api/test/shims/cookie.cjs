/**
 * light-my-request (fastify.inject) requires the ESM-only `cookie` 2, which Node 20 can require but
 * jest's module runtime cannot (before Node 24.9). It only uses stringifySetCookie({name, value});
 * this gives it that from the CommonJS cookie 0.7 installed at the root.
 */
const path = require('node:path');
const cookie = require(path.join(require.resolve('cookie/package.json', { paths: [path.join(__dirname, '../../..')] }), '..'));

module.exports = {
  ...cookie,
  stringifySetCookie: ({ name, value, ...options }) => cookie.serialize(name, value, options),
  parseCookie: cookie.parse,
};
