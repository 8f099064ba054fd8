/**
 * The towns each of the shop's delivery areas serves (the areas seeded in the catalog's delivery-areas
 * migration, matched by name), listed under each area at checkout and used to ask the shopper to check when the
 * city they typed lies in another area. An area the owner named otherwise has no list: nothing is checked for it.
 */
const TOWNS_BY_AREA: Record<string, readonly string[]> = {
  'port of spain and environs': ['Port of Spain', 'Woodbrook', 'St. James', 'St. Clair', 'Belmont', 'Laventille', 'Morvant', 'Diego Martin', 'Maraval', 'Petit Valley', 'Cascade', "St. Ann's", 'Carenage', 'Westmoorings', 'Glencoe'],
  'east-west corridor': ['San Juan', 'Barataria', 'Champs Fleurs', 'Curepe', 'St. Augustine', 'Tunapuna', 'Tacarigua', 'Arouca', 'Trincity', 'Piarco', 'Arima', "D'Abadie", 'Maloney', 'Valsayn', 'El Dorado'],
  'central trinidad': ['Chaguanas', 'Cunupia', 'Longdenville', 'Enterprise', 'Felicity', 'Couva', 'California', 'Freeport', 'Claxton Bay', 'Carapichaima', 'Gran Couva', 'Tabaquite', 'Charlieville'],
  'south trinidad': ['San Fernando', 'Marabella', 'Gasparillo', 'Pointe-a-Pierre', 'Princes Town', 'Penal', 'Debe', 'Siparia', 'Fyzabad', 'Point Fortin', 'La Brea', 'Barrackpore', 'Rio Claro', 'Moruga', 'Cedros'],
  tobago: ['Scarborough', 'Crown Point', 'Bon Accord', 'Buccoo', 'Plymouth', 'Black Rock', 'Canaan', 'Lambeau', 'Signal Hill', 'Mason Hall', 'Moriah', 'Roxborough', 'Speyside', 'Charlotteville'],
};

/** Spelling, case, dots, hyphens and "Saint" do not matter when a typed city is compared with a town. */
function normalTown(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The towns an area serves, or none when the area is not one of the shop's usual ones. */
export function townsOfArea(areaName: string): readonly string[] {
  return TOWNS_BY_AREA[areaName.trim().toLowerCase()] ?? [];
}

/**
 * When the city typed is a town another area serves: that area's name (as the shop lists it, from `areaNames`),
 * so the shopper can be asked to check. Null when the city is in the chosen area, unknown, or the area has no list.
 */
export function areaOfOtherTown(city: string, chosenArea: string, areaNames: readonly string[]): string | null {
  const typed = normalTown(city);
  if (!typed || townsOfArea(chosenArea).length === 0) return null;
  if (townsOfArea(chosenArea).some((town) => normalTown(town) === typed)) return null;
  return areaNames.find((name) => name !== chosenArea && townsOfArea(name).some((town) => normalTown(town) === typed)) ?? null;
}
