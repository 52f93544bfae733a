import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import * as account from '../../src/contract/account.ts';
import * as ep from '../../src/contract/jobseeker.ts';
import * as profileEp from '../../src/contract/jobseeker-profile.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { addEducation, deleteEducation, listEducation, updateEducation } from './education.ts';
import { addExperience, deleteExperience, listExperience, setFresher, updateExperience } from './experience.ts';
import { getPreferences, updatePreferences } from './preferences.ts';
import { completionStatus, jobSeekerProfile, updateProfile } from './profile.ts';
import { addSkill, deleteSkill, listSkills } from './skills.ts';

/**
 * The job seeker's profile. Where spec 2 names a call both under api/Account and api/JobSeeker,
 * both paths are served by the same handler.
 */
export function jobSeekerRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, account.jobSeekerProfile, async ({ caller }) => jobSeekerProfile(ctx, caller.userId));
  for (const e of [account.completionStatus, account.completionStatusPost]) {
    route(app, e, async ({ caller }) => completionStatus(ctx, caller.userId));
  }
  route(app, account.profileCompletePercentage, async ({ caller }) => (await completionStatus(ctx, caller.userId)).completedPercentage);

  route(app, profileEp.updateProfile, async ({ caller, body }) => {
    const { profile, emailChange } = await updateProfile(ctx, caller.userId, body);
    return reply(profile, { message: emailChange ? ProfileMessages.emailChangeSent(emailChange) : ProfileMessages.profileSaved });
  });

  for (const e of [ep.listSkills, ep.listSkillsV2]) route(app, e, async ({ caller }) => listSkills(ctx, caller.userId));
  for (const e of [ep.addSkill, ep.addSkillV2]) route(app, e, async ({ caller, body }) => addSkill(ctx, caller.userId, body.skill));
  route(app, ep.deleteSkill, async ({ caller, body }) => deleteSkill(ctx, caller.userId, body.skill));

  for (const e of [ep.listEducation, ep.listEducationV2]) route(app, e, async ({ caller }) => listEducation(ctx, caller.userId));
  for (const e of [ep.addEducation, ep.addEducationV2]) route(app, e, async ({ caller, body }) => addEducation(ctx, caller.userId, body));
  route(app, ep.updateEducation, async ({ caller, body }) => updateEducation(ctx, caller.userId, body.id, body));
  route(app, ep.deleteEducation, async ({ caller, body }) => deleteEducation(ctx, caller.userId, body.id));

  for (const e of [ep.listExperience, ep.listExperienceV2]) route(app, e, async ({ caller }) => listExperience(ctx, caller.userId));
  route(app, ep.addExperience, async ({ caller, body }) => addExperience(ctx, caller.userId, body));
  route(app, ep.addExperienceV2, async ({ caller, body, query }) => {
    if (query.IsFresher !== undefined) return setFresher(ctx, caller.userId, query.IsFresher);
    if (!body) return listExperience(ctx, caller.userId);
    return addExperience(ctx, caller.userId, body);
  });
  route(app, ep.updateExperience, async ({ caller, body }) => updateExperience(ctx, caller.userId, body.id, body));
  route(app, ep.deleteExperience, async ({ caller, body }) => deleteExperience(ctx, caller.userId, body.id));

  for (const e of [ep.getPreferences, ep.getPreferencesV2]) route(app, e, async ({ caller }) => getPreferences(ctx, caller.userId));
  for (const e of [ep.updatePreferences, ep.updatePreferencesV2])
    route(app, e, async ({ caller, body }) => updatePreferences(ctx, caller.userId, body));
}
