// Where the browser keeps the seeker's place and the location permission: apart from the store's
// schemas, so the first page can tell whether a place is kept without loading them.
export const PERMISSION_KEY = 'geolocationPermission';
export const LOCATION_KEY = 'userLocation';
