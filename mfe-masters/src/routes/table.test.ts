import { MASTER_KINDS } from '@claims/shared-kernel';
import { area } from '../area';
import { ROUTES } from './table';

describe("the masters' route table", () => {
  it('holds list, view, create and edit for every listed kind of MASTER_KINDS, and /clinicals, and nothing else', () => {
    const perKind = MASTER_KINDS.filter((kind) => kind.listed).flatMap(({ module }) => [
      module,
      `${module}/view/:code`,
      `${module}/create`,
      `${module}/edit/:code`,
    ]);
    expect(ROUTES.map((route) => route.path)).toEqual([...perKind, 'clinicals']);
  });

  it("gives the area declaration the listed kinds' segments", () => {
    expect(area.segments).toEqual([...MASTER_KINDS.filter((kind) => kind.listed).map((kind) => kind.module), 'clinicals']);
  });
});
