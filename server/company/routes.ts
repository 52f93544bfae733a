import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { reply, route } from '../http/route.ts';
import { readUpload } from '../http/upload.ts';
import * as ep from '../../src/contract/company.ts';
import * as employerEp from '../../src/contract/employer.ts';
import { CompanyMessages } from '../../src/contract/company.ts';
import { companyDetails, updateCompanyDetails } from './details.ts';
import { employerOf, modifyEmployer } from './employer.ts';
import { countCompanyJobPosts } from './counts.ts';
import { companyImages } from './images.ts';
import { companyEmployerOf, companyMemberOf } from './members.ts';
import { publicCompany } from './public.ts';

/**
 * The company (spec 2 §7: the api/Account company calls and the Employer calls): its details,
 * logo and featured images, the employer's own details, the count of its job posts, and the public
 * company page (the dashboards' counts, mostly of applicants, are the applicants area's). Every
 * call works on the caller's own company; only its employer changes it.
 */
export function companyRoutes(app: FastifyInstance, ctx: AppContext) {
  const images = companyImages(ctx);

  route(app, ep.companyDetails, async ({ caller }) => companyDetails(ctx, await companyMemberOf(ctx, caller)));
  route(app, ep.updateCompanyDetails, async ({ caller, body }) => {
    const details = await updateCompanyDetails(ctx, await companyEmployerOf(ctx, caller), body);
    return reply(details, { message: CompanyMessages.detailsSaved });
  });

  route(app, ep.companyLogo, async ({ caller, req }) => {
    const member = await companyEmployerOf(ctx, caller);
    const { file } = await readUpload(req, ep.companyLogo);
    return reply({ logo: await images.uploadLogo(member.company.id, member.user.id, file) }, { message: CompanyMessages.logoSaved });
  });
  route(app, ep.deleteCompanyLogo, async ({ caller }) => {
    const member = await companyEmployerOf(ctx, caller);
    await images.deleteLogo(member.company.id);
    return reply(null, { message: CompanyMessages.logoDeleted });
  });

  route(app, employerEp.getEmployer, async ({ caller }) => employerOf(await companyEmployerOf(ctx, caller)));
  route(app, employerEp.modifyEmployer, async ({ caller, body }) => {
    const employer = await modifyEmployer(ctx, await companyEmployerOf(ctx, caller), body);
    return reply(employer, { message: CompanyMessages.employerSaved });
  });

  route(app, ep.countJobPosts, async ({ caller }) => countCompanyJobPosts(ctx, (await companyMemberOf(ctx, caller)).company.id));

  route(app, ep.getFeaturedImages, async ({ caller }) => ({
    images: await images.featured((await companyMemberOf(ctx, caller)).company.id),
  }));
  route(app, ep.uploadFeaturedImage, async ({ caller, req }) => {
    const member = await companyEmployerOf(ctx, caller);
    const { file } = await readUpload(req, ep.uploadFeaturedImage);
    return reply(await images.uploadFeatured(member.company.id, member.user.id, file), { message: CompanyMessages.featuredSaved });
  });
  route(app, ep.deleteFeaturedImages, async ({ caller, body }) => {
    const member = await companyEmployerOf(ctx, caller);
    return reply({ images: await images.deleteFeatured(member.company.id, body.id) }, { message: CompanyMessages.featuredDeleted });
  });
  route(app, ep.reorderFeaturedImages, async ({ caller, body }) => {
    const member = await companyEmployerOf(ctx, caller);
    return reply({ images: await images.reorderFeatured(member.company.id, body.ids) }, { message: CompanyMessages.featuredReordered });
  });

  route(app, ep.publicCompany, async ({ params }) => publicCompany(ctx, params.id));
}
