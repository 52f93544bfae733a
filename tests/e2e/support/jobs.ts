/** A street address in Vancouver, WA: the app's default place, so a visitor's first search finds jobs posted here. */
export const vancouver = {
  city: 'Vancouver',
  name: 'Vancouver, WA',
  state: 'WA',
  address: '1200 Main St, Vancouver, WA 98660',
  pinCode: '98660',
  latitude: 45.6387,
  longitude: -122.6615,
};

/** A job ready to publish in Vancouver, WA, asking for a résumé. */
export function vancouverJobData(title: string) {
  return {
    jobDetails: {
      title,
      description: '<p>Load and unload trailers at our Vancouver dock. Forklift certification provided.</p>',
      positionType: [1],
      numberOfHires: 2,
      locationType: 'onsite',
      address: vancouver.address,
      geoLocation: vancouver,
      requiresResume: true,
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 40, schedules: [1] },
    payDetails: { minSalary: 21.5, maxSalary: 25, rate: 'Hourly', benefits: [1], supplementalPay: 16 },
    categorization: { industries: [48] },
    candidateRequirements: { skills: [401, 404], minExperience: 0, maxExperience: 2 },
  };
}
