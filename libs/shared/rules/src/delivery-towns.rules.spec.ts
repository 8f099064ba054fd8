import { areaOfOtherTown, isPickUpArea, isTownOutsideArea, townsOfArea } from './delivery-towns.rules';

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

  it('flags for the owner a town not on the chosen area\'s list, whether another area\'s or unknown', () => {
    expect(isTownOutsideArea('Chaguanas', 'South Trinidad')).toBe(true);
    expect(isTownOutsideArea('Nowhere Village', 'South Trinidad')).toBe(true);
    expect(isTownOutsideArea('san fernando', 'south trinidad')).toBe(false);
    expect(isTownOutsideArea('Pointe a Pierre', 'South Trinidad')).toBe(false);
    expect(isTownOutsideArea('Chaguanas', 'Pick up in store')).toBe(false);
    expect(isTownOutsideArea('  ', 'South Trinidad')).toBe(false);
  });

  it('knows the pick-up area by its name', () => {
    expect(isPickUpArea('Pick up in store')).toBe(true);
    expect(isPickUpArea('Pickup at the shop')).toBe(true);
    expect(isPickUpArea('Collection in Arima')).toBe(true);
    expect(isPickUpArea('Tobago')).toBe(false);
    expect(isPickUpArea('Central Trinidad')).toBe(false);
  });
});
