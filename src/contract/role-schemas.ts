import { z } from 'zod';
import { roles } from './roles.ts';

export const roleSchema = z.enum(roles);

export const registerRoleSchema = z.union([z.literal(0), z.literal(1)], {
  error: 'Please select employer jobseeker',
});
