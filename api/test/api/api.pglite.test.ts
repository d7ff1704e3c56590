/** The api suite on embedded PGlite (a clone of the fixture template). */
import { pgliteDatabase } from '../../testing/http';
import { defineApiSuite } from './suite';

describe('api on PGlite', () => {
  defineApiSuite(pgliteDatabase);
});
