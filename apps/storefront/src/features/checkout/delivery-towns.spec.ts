import { areaOfOtherTown, townsOfArea } from './delivery-towns';

const AREAS = ['Port of Spain and environs', 'East-West Corridor', 'Central Trinidad', 'South Trinidad', 'Tobago', 'Pick up in store'];

describe('delivery towns', () => {
  it('lists the towns of the seeded areas, none for an area named otherwise', () => {
    expect(townsOfArea('Central Trinidad')).toContain('Chaguanas');
    expect(townsOfArea('Pick up in store')).toEqual([]);
  });

  it('names the area of a town typed for another area', () => {
    expect(areaOfOtherTown('Chaguanas', 'South Trinidad', AREAS)).toBe('Central Trinidad');
    expect(areaOfOtherTown('  saint augustine ', 'Tobago', AREAS)).toBe('East-West Corridor');
  });

  it('says nothing for a town in the chosen area, an unknown town, or an area without a list', () => {
    expect(areaOfOtherTown('san fernando', 'South Trinidad', AREAS)).toBeNull();
    expect(areaOfOtherTown('Nowhere Village', 'South Trinidad', AREAS)).toBeNull();
    expect(areaOfOtherTown('Chaguanas', 'Pick up in store', AREAS)).toBeNull();
    expect(areaOfOtherTown('', 'South Trinidad', AREAS)).toBeNull();
  });
});
