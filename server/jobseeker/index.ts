// The job seeker's profile: resume, education, experience, skills and preferences.
// What the area offers the rest of the server: nothing outside it imports its other files.

export { jobSeekerRoutes } from './routes.ts';
export { resumePdf } from './demo-resume.ts';
export { seedDemoProfile } from './demo.ts';
export { listEducation } from './education.ts';
export { listExperience } from './experience.ts';
export { lookupName } from './lookup-check.ts';
export { getPreferences } from './preferences.ts';
export { listSkills } from './skills.ts';
