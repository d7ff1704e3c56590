/** Component tests run in a machine zone that is neither UTC nor the display zone (see jest-clock.cjs). */
module.exports = () => {
  process.env.TZ = 'America/Los_Angeles';
};
