/**
 * The component tests run on a clock that starts at an instant where the machine's date, the UTC date
 * and the display zone's date (Asia/Kolkata) disagree, in a machine zone far from both (set by the global
 * setup). A test or a screen that reads the local date where the display zone's is meant fails on every
 * run, at any hour, instead of only in the evening. Time still advances, so timers and waits work.
 */
const CLOCK_START = Date.UTC(2026, 2, 15, 20, 0, 0); // 20:00 UTC = 13:00 in Los Angeles, 01:30 the next day in Kolkata
const RealDate = Date;
const offset = CLOCK_START - RealDate.now();

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;

module.exports = { CLOCK_START };
