/**
 * The towns each of the shop's delivery areas serves (the areas seeded in the catalog's delivery-areas
 * migration, matched by name), listed under each area at checkout and used to ask the shopper to check when the
 * city they typed lies in another area; the order service flags an order whose town is not in its area's list
 * for the owner. One list for the storefront and the server. An area the owner named otherwise has no list:
 * nothing is checked for it.
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
  if (!isTownOutsideArea(city, chosenArea)) return null;
  return areaNames.find((name) => name !== chosenArea && isTownOf(city, name)) ?? null;
}

/** Whether a typed city is one of the towns an area serves (spelling, case, dots, hyphens and "Saint" aside). */
function isTownOf(city: string, areaName: string): boolean {
  const typed = normalTown(city);
  return townsOfArea(areaName).some((town) => normalTown(town) === typed);
}

/**
 * Whether the owner should check the address: the chosen area has a town list and the city typed is not on it
 * (a town of another area, or one the list does not know). False for an area without a list (pick-up, an area
 * the owner added) and for an empty city.
 */
export function isTownOutsideArea(city: string, areaName: string): boolean {
  if (!normalTown(city) || townsOfArea(areaName).length === 0) return false;
  return !isTownOf(city, areaName);
}

/** Whether a delivery area is the shop's pick-up (collect in store) choice rather than a delivery, by its name. */
export function isPickUpArea(areaName: string): boolean {
  return /\b(pick ?up|collect(ion)?)\b/.test(normalTown(areaName));
}
